import Button from 'antd-mobile/es/components/button';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import NavBar from 'antd-mobile/es/components/nav-bar';
import NoticeBar from 'antd-mobile/es/components/notice-bar';
import { useNavigate } from 'react-router-dom';
import { type PasswordField, useModifyPasswordPage } from '../../../pages/password/use-modify-password-page';
import { useT } from '../../../i18n/use-t';
import './modify-password-page.css';
import { PasswordRules } from './password-rules';
import { FormSubmit } from '../../forms/form-submit';

const FIELDS: ReadonlyArray<{
  name: PasswordField;
  label: 'password.modify.oldPassword' | 'password.modify.newPassword' | 'password.modify.confirmPassword';
  placeholder:
    | 'password.modify.oldPlaceholder'
    | 'password.modify.newPlaceholder'
    | 'password.modify.confirmPlaceholder';
  autoComplete: string;
  id: string;
}> = [
  {
    name: 'OldPassword',
    label: 'password.modify.oldPassword',
    placeholder: 'password.modify.oldPlaceholder',
    autoComplete: 'current-password',
    id: 'old-password',
  },
  {
    name: 'NewPassword',
    label: 'password.modify.newPassword',
    placeholder: 'password.modify.newPlaceholder',
    autoComplete: 'new-password',
    id: 'new-password',
  },
  {
    name: 'ConfirmPassword',
    label: 'password.modify.confirmPassword',
    placeholder: 'password.modify.confirmPlaceholder',
    autoComplete: 'new-password',
    id: 'confirm-password',
  },
];

/** /modifyPsw on a phone: the old-password change, and where a forced change lands after sign-in. */
export function ModifyPasswordPage() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const page = useModifyPasswordPage();
  const other = page.languages.find((code) => code !== language) ?? language;

  return (
    <div className="m-modify-psw" data-testid="modify-password">
      <NavBar
        back={page.home ? '' : null}
        onBack={() => page.home && navigate(page.home)}
        right={
          <button type="button" className="m-modify-psw-lang" onClick={() => void page.setLanguage(other)}>
            {t(`common.languages.${other}`)}
          </button>
        }
      >
        {t('password.modify.title')}
      </NavBar>
      {page.reason && (
        <div data-testid="modify-password-reason">
          <NoticeBar content={t(`password.reasons.${page.reason}`)} color="alert" wrap />
        </div>
      )}
      {page.formError && (
        <NoticeBar content={t(page.formError.key, page.formError.params)} color="error" wrap />
      )}
      <Form
        layout="vertical"
        mode="card"
        onFinish={() => void page.submit()}
        footer={
          <FormSubmit loading={page.submitting} testId="modify-password-submit">
            {t('password.modify.submit')}
          </FormSubmit>
        }
      >
        {FIELDS.map((field) => {
          const problem = page.errors[field.name];
          return (
            <Form.Item
              key={field.name}
              label={t(field.label)}
              description={
                problem ? (
                  <span className="m-modify-psw-error" data-testid={`${field.id}-error`}>
                    {t(problem.key, problem.params)}
                  </span>
                ) : undefined
              }
            >
              <Input
                id={field.id}
                type="password"
                clearable
                value={page.form[field.name]}
                placeholder={t(field.placeholder)}
                autoComplete={field.autoComplete}
                maxLength={1024}
                onChange={(value) => page.update(field.name, value)}
              />
            </Form.Item>
          );
        })}
        <Form.Header>{t('password.rules.title')}</Form.Header>
        <PasswordRules requirements={page.requirements} historyDepth={page.historyDepth} />
      </Form>
      {page.reason && page.canLogout && (
        <div className="m-modify-psw-logout">
          <Button
            fill="none"
            color="primary"
            onClick={() => void page.signOut()}
            data-testid="modify-password-logout"
          >
            {t('password.modify.logout')}
          </Button>
        </div>
      )}
    </div>
  );
}

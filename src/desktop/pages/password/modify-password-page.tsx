import { Alert, Button, Card, Form, Input, Segmented } from 'antd';
import { Link } from 'react-router-dom';
import type { Language } from '../../../../domain/constants';
import { type PasswordField, useModifyPasswordPage } from '../../../pages/password/use-modify-password-page';
import { useT } from '../../../i18n/use-t';
import { BrandMark } from '../../icons';
import './modify-password-page.css';
import { PasswordRules } from './password-rules';

const FIELDS: ReadonlyArray<{
  name: PasswordField;
  label: 'password.modify.oldPassword' | 'password.modify.newPassword' | 'password.modify.confirmPassword';
  placeholder:
    | 'password.modify.oldPlaceholder'
    | 'password.modify.newPlaceholder'
    | 'password.modify.confirmPlaceholder';
  autoComplete: string;
  testId: string;
}> = [
  {
    name: 'OldPassword',
    label: 'password.modify.oldPassword',
    placeholder: 'password.modify.oldPlaceholder',
    autoComplete: 'current-password',
    testId: 'old-password',
  },
  {
    name: 'NewPassword',
    label: 'password.modify.newPassword',
    placeholder: 'password.modify.newPlaceholder',
    autoComplete: 'new-password',
    testId: 'new-password',
  },
  {
    name: 'ConfirmPassword',
    label: 'password.modify.confirmPassword',
    placeholder: 'password.modify.confirmPlaceholder',
    autoComplete: 'new-password',
    testId: 'confirm-password',
  },
];

/** /modifyPsw on desktop: the old-password change, and where a forced change lands after sign-in. */
export function ModifyPasswordPage() {
  const { t, language } = useT();
  const page = useModifyPasswordPage();

  return (
    <div className="modify-psw" data-testid="modify-password">
      <header className="modify-psw-header">
        <span className="modify-psw-brand">
          <BrandMark size={32} />
          {t('common.appName')}
        </span>
        <Segmented<Language>
          size="small"
          value={language}
          options={page.languages.map((code) => ({ value: code, label: t(`common.languages.${code}`) }))}
          onChange={(code) => void page.setLanguage(code)}
        />
      </header>
      <main className="modify-psw-main">
        <Card className="modify-psw-card" title={t('password.modify.title')} variant="borderless">
          {page.reason && (
            <Alert
              className="modify-psw-alert"
              type="warning"
              showIcon
              title={t(`password.reasons.${page.reason}`)}
              data-testid="modify-password-reason"
            />
          )}
          {page.formError && (
            <Alert
              className="modify-psw-alert"
              type="error"
              showIcon
              title={t(page.formError.key, page.formError.params)}
            />
          )}
          <Form layout="vertical" onFinish={() => void page.submit()} requiredMark={false}>
            {FIELDS.map((field) => {
              const problem = page.errors[field.name];
              return (
                <Form.Item
                  key={field.name}
                  label={t(field.label)}
                  htmlFor={field.testId}
                  validateStatus={problem ? 'error' : undefined}
                  help={
                    problem ? (
                      <span data-testid={`${field.testId}-error`}>{t(problem.key, problem.params)}</span>
                    ) : undefined
                  }
                >
                  <Input.Password
                    id={field.testId}
                    data-testid={field.testId}
                    size="large"
                    value={page.form[field.name]}
                    placeholder={t(field.placeholder)}
                    autoComplete={field.autoComplete}
                    maxLength={1024}
                    onChange={(event) => page.update(field.name, event.target.value)}
                  />
                </Form.Item>
              );
            })}
            <PasswordRules requirements={page.requirements} historyDepth={page.historyDepth} />
            <Button
              type="primary"
              htmlType="submit"
              size="large"
              block
              loading={page.submitting}
              data-testid="modify-password-submit"
            >
              {t('password.modify.submit')}
            </Button>
          </Form>
          <div className="modify-psw-footer">
            {page.home && <Link to={page.home}>{t('common.backHome')}</Link>}
            {page.reason && page.canLogout && (
              <Button type="link" onClick={() => void page.signOut()} data-testid="modify-password-logout">
                {t('password.modify.logout')}
              </Button>
            )}
          </div>
        </Card>
      </main>
    </div>
  );
}

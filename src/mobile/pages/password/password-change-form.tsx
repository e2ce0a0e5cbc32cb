import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import NoticeBar from 'antd-mobile/es/components/notice-bar';
import {
  PASSWORD_CHANGE_FIELDS,
  type useModifyPasswordPage,
} from '../../../pages/password/use-modify-password-page';
import { useT } from '../../../i18n/use-t';
import { FormSubmit } from '../../forms/form-submit';
import './modify-password-page.css';
import { PasswordRules } from './password-rules';

/**
 * The password change form on a phone, on /modifyPsw and in the personal centre (/layout/password): what the
 * server refused (above the form, or beside its field), the old password, the new one and its confirmation,
 * the submit, and the organisation's rules ticked as they are met.
 */
export function PasswordChangeForm({ page }: { page: ReturnType<typeof useModifyPasswordPage> }) {
  const { t } = useT();
  return (
    <>
      {page.formError && (
        <div data-testid="modify-password-refused">
          <NoticeBar content={t(page.formError.key, page.formError.params)} color="error" wrap />
        </div>
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
        {PASSWORD_CHANGE_FIELDS.map((field) => {
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
        <PasswordRules
          requirements={page.requirements}
          historyDepth={page.historyDepth}
          feedback={page.feedback}
        />
      </Form>
    </>
  );
}

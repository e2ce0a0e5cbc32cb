import { Button, Form, Input } from 'antd';
import {
  PASSWORD_CHANGE_FIELDS,
  type useModifyPasswordPage,
} from '../../../pages/password/use-modify-password-page';
import { useT } from '../../../i18n/use-t';
import './password-change-form.css';
import { PasswordRules } from './password-rules';
import { ProblemAlert } from '../dialogs/problem-alert';

/**
 * The password change form on desktop, on /modifyPsw and in the personal centre (/layout/password): the old
 * password, the new one and its confirmation, the organisation's rules ticked as they are met, the submit,
 * and what the server refused (beside its field, or above the form).
 */
export function PasswordChangeForm({ page }: { page: ReturnType<typeof useModifyPasswordPage> }) {
  const { t } = useT();
  return (
    <>
      <ProblemAlert problem={page.formError} className="password-change-alert" />
      <Form layout="vertical" onFinish={() => void page.submit()} requiredMark={false}>
        {PASSWORD_CHANGE_FIELDS.map((field) => {
          const problem = page.errors[field.name];
          return (
            <Form.Item
              key={field.name}
              label={t(field.label)}
              htmlFor={field.id}
              validateStatus={problem ? 'error' : undefined}
              help={
                problem ? (
                  <span data-testid={`${field.id}-error`}>{t(problem.key, problem.params)}</span>
                ) : undefined
              }
            >
              <Input.Password
                id={field.id}
                data-testid={field.id}
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
        <PasswordRules
          requirements={page.requirements}
          historyDepth={page.historyDepth}
          feedback={page.feedback}
        />
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
    </>
  );
}

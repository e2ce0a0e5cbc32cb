import { Form, Input } from 'antd';
import { useT } from '../../../i18n/use-t';
import { useInitialPassword } from '../../../pages/members/use-initial-password';
import { PasswordRules } from '../password/password-rules';

/**
 * The initial password an administrator types for a new member, with the policy's requirements and the live
 * guessability feedback under it; the form refuses it before sending what the server would refuse.
 */
export function InitialPasswordField() {
  const { t } = useT();
  const form = Form.useFormInstance();
  const password = (Form.useWatch('Password', form) as string | undefined) ?? '';
  const account = (Form.useWatch('Account', form) as string | undefined) ?? '';
  const realName = (Form.useWatch('RealName', form) as string | undefined) ?? '';
  const check = useInitialPassword(password, account, realName);

  return (
    <>
      <Form.Item
        name="Password"
        label={t('members.form.password')}
        rules={[
          { required: true, message: t('errors.validation.required') },
          {
            validator: async (_rule, value: string | undefined) => {
              const problem = value ? check.problemOf(value) : null;
              if (problem) throw new Error(t(problem.key, problem.params));
            },
          },
        ]}
      >
        <Input.Password data-testid="member-form-password" autoComplete="new-password" />
      </Form.Item>
      <PasswordRules requirements={check.requirements} historyDepth={null} feedback={check.feedback} />
    </>
  );
}

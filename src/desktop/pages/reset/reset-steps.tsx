import { Alert, Button, Form, Input, Segmented } from 'antd';
import type { ReactNode } from 'react';
import type { MessageKey } from '../../../../domain/i18n';
import type { CodeType } from '../../../../domain/rules/password-reset';
import { useT } from '../../../i18n/use-t';
import type { ResetField } from '../../../pages/reset/reset-form';
import type { ResetPage } from '../../../pages/reset/use-reset-page';
import { PasswordRules } from '../password/password-rules';

/** A labelled field with the hook's problem for it under the input. */
function Field(props: { page: ResetPage; name: ResetField; label: string; id: string; children: ReactNode }) {
  const { t } = useT();
  const problem: MessageKey | undefined = props.page.problems[props.name];
  return (
    <Form.Item
      label={props.label}
      htmlFor={props.id}
      validateStatus={problem ? 'error' : undefined}
      help={problem ? <span data-testid={`${props.id}-error`}>{t(problem)}</span> : undefined}
    >
      {props.children}
    </Form.Item>
  );
}

/** Step 1: the account (by phone or email), the image captcha and the code with its send button. */
export function VerifyStep({ page }: { page: ResetPage }) {
  const { t } = useT();
  const sendLabel = page.resendIn > 0 ? t('reset.resendIn', { seconds: page.resendIn }) : t('reset.sendCode');
  return (
    <Form layout="vertical" requiredMark={false} onFinish={() => void page.verify()}>
      {page.codeTypes.length > 1 && (
        <Segmented<CodeType>
          block
          className="reset-code-type"
          data-testid="reset-code-type"
          value={page.codeType}
          options={page.codeTypes.map((type) => ({
            value: type,
            label: t(type === 1 ? 'reset.byPhone' : 'reset.byEmail'),
          }))}
          onChange={page.chooseCodeType}
        />
      )}
      <Field
        page={page}
        name="account"
        id="reset-account"
        label={t(page.isPhone ? 'reset.phone' : 'reset.email')}
      >
        <Input
          id="reset-account"
          data-testid="reset-account"
          size="large"
          autoComplete={page.isPhone ? 'tel' : 'email'}
          inputMode={page.isPhone ? 'tel' : 'email'}
          placeholder={t(page.isPhone ? 'reset.phonePlaceholder' : 'reset.emailPlaceholder')}
          maxLength={page.maxLength.account}
          value={page.form.account}
          onChange={(event) => page.update({ account: event.target.value })}
        />
      </Field>
      <Field page={page} name="captcha" id="reset-captcha" label={t('reset.captcha')}>
        <div className="reset-inline">
          <Input
            id="reset-captcha"
            data-testid="reset-captcha"
            size="large"
            autoComplete="off"
            placeholder={t('reset.captchaPlaceholder')}
            maxLength={page.maxLength.captcha}
            value={page.form.captcha}
            onChange={(event) => page.update({ captcha: event.target.value })}
          />
          <button
            type="button"
            className="reset-captcha-image"
            title={t('reset.captchaImage')}
            aria-label={t('reset.captchaImage')}
            data-testid="reset-captcha-image"
            onClick={() => void page.captcha.refresh()}
          >
            {page.captcha.image ? (
              <img src={page.captcha.image} width={120} height={32} alt={t('reset.captchaImage')} />
            ) : (
              <span>{t('reset.captchaLoading')}</span>
            )}
          </button>
        </div>
      </Field>
      <Field page={page} name="code" id="reset-code" label={t('reset.code')}>
        <div className="reset-inline">
          <Input
            id="reset-code"
            data-testid="reset-code"
            size="large"
            autoComplete="one-time-code"
            inputMode="numeric"
            placeholder={t('reset.codePlaceholder')}
            maxLength={page.maxLength.code}
            value={page.form.code}
            onChange={(event) => page.update({ code: event.target.value })}
          />
          <Button
            size="large"
            className="reset-send"
            data-testid="reset-send"
            disabled={!page.canSend}
            loading={page.busy === 'send'}
            onClick={() => void page.sendCode()}
          >
            {sendLabel}
          </Button>
        </div>
      </Field>
      {page.codeSent && (
        <Alert
          className="reset-alert"
          type="info"
          showIcon
          data-testid="reset-code-sent"
          title={t('reset.codeSent', { minutes: page.codeValidMinutes })}
        />
      )}
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={page.busy === 'verify'}
        data-testid="reset-next"
      >
        {t('reset.next')}
      </Button>
    </Form>
  );
}

/** Step 2: the new password twice, with the organisation's rules ticked off as the user types. */
export function PasswordStep({ page }: { page: ResetPage }) {
  const { t } = useT();
  const fields = [
    ['newPassword', 'reset-new-password', 'reset.newPassword', 'reset.newPasswordPlaceholder'],
    [
      'confirmPassword',
      'reset-confirm-password',
      'reset.confirmPassword',
      'reset.confirmPasswordPlaceholder',
    ],
  ] as const;
  return (
    <Form layout="vertical" requiredMark={false} onFinish={() => void page.submit()}>
      {fields.map(([name, id, label, placeholder]) => (
        <Field key={name} page={page} name={name} id={id} label={t(label)}>
          <Input.Password
            id={id}
            data-testid={id}
            size="large"
            autoComplete="new-password"
            placeholder={t(placeholder)}
            maxLength={page.maxLength.password}
            value={page.form[name]}
            onChange={(event) => page.update({ [name]: event.target.value })}
          />
        </Field>
      ))}
      {page.requirements.length > 0 && (
        <PasswordRules
          requirements={page.requirements}
          historyDepth={page.historyDepth}
          feedback={page.feedback}
        />
      )}
      <div className="reset-actions">
        <Button size="large" onClick={page.back} data-testid="reset-back">
          {t('reset.back')}
        </Button>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          loading={page.busy === 'reset'}
          data-testid="reset-submit"
        >
          {t('reset.submit')}
        </Button>
      </div>
    </Form>
  );
}

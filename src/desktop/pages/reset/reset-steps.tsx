import { Alert, Button, Form, Input, Segmented } from 'antd';
import type { ReactNode } from 'react';
import type { MessageKey } from '../../../../domain/i18n';
import { useT } from '../../../i18n/use-t';
import {
  RESET_PASSWORD_FIELDS,
  RESET_WAY_LABELS,
  resetAccountField,
  type ResetField,
} from '../../../pages/reset/reset-form';
import type { ResetPage, ResetWay } from '../../../pages/reset/use-reset-page';
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

/**
 * Step 1: the way in, the account, the image captcha, and then either the code with its send button or
 * the old password.
 */
export function VerifyStep({ page }: { page: ResetPage }) {
  const { t } = useT();
  const sendLabel = page.resendIn > 0 ? t('reset.resendIn', { seconds: page.resendIn }) : t('reset.sendCode');
  const account = resetAccountField(page);
  return (
    <Form layout="vertical" requiredMark={false} onFinish={() => void page.verify()}>
      <Segmented<ResetWay>
        block
        className="reset-code-type"
        data-testid="reset-way"
        value={page.way}
        options={page.ways.map((way) => ({ value: way, label: t(RESET_WAY_LABELS[way]) }))}
        onChange={page.chooseWay}
      />
      <Field page={page} name="account" id="reset-account" label={t(account.label)}>
        <Input
          id="reset-account"
          data-testid="reset-account"
          size="large"
          autoComplete={account.autoComplete}
          inputMode={page.isPhone ? 'tel' : page.byOldPassword ? 'text' : 'email'}
          placeholder={t(account.placeholder)}
          maxLength={page.maxLength.account}
          value={page.form.account}
          onChange={(event) => page.update({ account: event.target.value })}
        />
      </Field>
      {page.byOldPassword && (
        <Field page={page} name="oldPassword" id="reset-old-password" label={t('reset.oldPassword')}>
          <Input.Password
            id="reset-old-password"
            data-testid="reset-old-password"
            size="large"
            autoComplete="current-password"
            placeholder={t('reset.oldPasswordPlaceholder')}
            maxLength={page.maxLength.password}
            value={page.form.oldPassword}
            onChange={(event) => page.update({ oldPassword: event.target.value })}
          />
        </Field>
      )}
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
      {!page.byOldPassword && (
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
      )}
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
  return (
    <Form layout="vertical" requiredMark={false} onFinish={() => void page.submit()}>
      {RESET_PASSWORD_FIELDS.map(([name, id, label, placeholder]) => (
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

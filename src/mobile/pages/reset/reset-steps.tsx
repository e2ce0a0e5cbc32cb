import Button from 'antd-mobile/es/components/button';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import NoticeBar from 'antd-mobile/es/components/notice-bar';
import Tabs from 'antd-mobile/es/components/tabs';
import { useT } from '../../../i18n/use-t';
import {
  RESET_PASSWORD_FIELDS,
  RESET_WAY_LABELS,
  resetAccountField,
  type ResetField,
} from '../../../pages/reset/reset-form';
import type { ResetPage, ResetWay } from '../../../pages/reset/use-reset-page';
import { PasswordRules } from '../password/password-rules';
import { FormSubmit } from '../../forms/form-submit';

/** The hook's problem for a field, shown under its label. */
function Problem({ page, name, id }: { page: ResetPage; name: ResetField; id: string }) {
  const { t } = useT();
  const problem = page.problems[name];
  if (!problem) return null;
  return (
    <span className="m-reset-error" data-testid={`${id}-error`}>
      {t(problem)}
    </span>
  );
}

/**
 * Step 1: the way in, the account, the image captcha, and then either the code with its send button or
 * the old password.
 */
export function VerifyStep({ page }: { page: ResetPage }) {
  const { t } = useT();
  const account = resetAccountField(page);
  return (
    <>
      <Tabs
        className="m-reset-tabs"
        data-testid="reset-way"
        activeKey={String(page.way)}
        onChange={(key) => {
          const chosen = page.ways.find((way) => String(way) === key);
          if (chosen !== undefined) page.chooseWay(chosen);
        }}
      >
        {page.ways.map((way: ResetWay) => (
          <Tabs.Tab key={String(way)} title={t(RESET_WAY_LABELS[way])} />
        ))}
      </Tabs>
      {page.codeSent && (
        <div data-testid="reset-code-sent">
          <NoticeBar content={t('reset.codeSent', { minutes: page.codeValidMinutes })} color="info" wrap />
        </div>
      )}
      <Form
        layout="vertical"
        mode="card"
        onFinish={() => void page.verify()}
        footer={
          <FormSubmit loading={page.busy === 'verify'} testId="reset-next">
            {t('reset.next')}
          </FormSubmit>
        }
      >
        <Form.Item
          label={t(account.label)}
          description={<Problem page={page} name="account" id="reset-account" />}
        >
          <Input
            id="reset-account"
            data-testid="reset-account"
            type={account.inputType}
            clearable
            autoComplete={account.autoComplete}
            placeholder={t(account.placeholder)}
            maxLength={page.maxLength.account}
            value={page.form.account}
            onChange={(value) => page.update({ account: value })}
          />
        </Form.Item>
        {page.byOldPassword && (
          <Form.Item
            label={t('reset.oldPassword')}
            description={<Problem page={page} name="oldPassword" id="reset-old-password" />}
          >
            <Input
              id="reset-old-password"
              data-testid="reset-old-password"
              type="password"
              clearable
              autoComplete="current-password"
              placeholder={t('reset.oldPasswordPlaceholder')}
              maxLength={page.maxLength.password}
              value={page.form.oldPassword}
              onChange={(value) => page.update({ oldPassword: value })}
            />
          </Form.Item>
        )}
        <Form.Item
          label={t('reset.captcha')}
          description={<Problem page={page} name="captcha" id="reset-captcha" />}
          extra={
            <button
              type="button"
              className="m-reset-captcha"
              aria-label={t('reset.captchaImage')}
              data-testid="reset-captcha-image"
              onClick={() => void page.captcha.refresh()}
            >
              {page.captcha.image ? (
                <img src={page.captcha.image} width={96} height={26} alt={t('reset.captchaImage')} />
              ) : (
                t('reset.captchaLoading')
              )}
            </button>
          }
        >
          <Input
            id="reset-captcha"
            data-testid="reset-captcha"
            autoComplete="off"
            placeholder={t('reset.captchaPlaceholder')}
            maxLength={page.maxLength.captcha}
            value={page.form.captcha}
            onChange={(value) => page.update({ captcha: value })}
          />
        </Form.Item>
        {!page.byOldPassword && (
          <Form.Item
            label={t('reset.code')}
            description={<Problem page={page} name="code" id="reset-code" />}
            extra={
              <Button
                size="small"
                color="primary"
                fill="outline"
                disabled={!page.canSend}
                loading={page.busy === 'send'}
                onClick={() => void page.sendCode()}
                data-testid="reset-send"
              >
                {page.resendIn > 0 ? t('reset.resendIn', { seconds: page.resendIn }) : t('reset.sendCode')}
              </Button>
            }
          >
            <Input
              id="reset-code"
              data-testid="reset-code"
              type="tel"
              autoComplete="one-time-code"
              placeholder={t('reset.codePlaceholder')}
              maxLength={page.maxLength.code}
              value={page.form.code}
              onChange={(value) => page.update({ code: value })}
            />
          </Form.Item>
        )}
      </Form>
    </>
  );
}

/** Step 2: the new password twice, with the organisation's rules ticked off as the user types. */
export function PasswordStep({ page }: { page: ResetPage }) {
  const { t } = useT();
  return (
    <Form
      layout="vertical"
      mode="card"
      onFinish={() => void page.submit()}
      footer={
        <div className="m-reset-actions">
          <Button block size="large" shape="rounded" onClick={page.back} data-testid="reset-back">
            {t('reset.back')}
          </Button>
          <FormSubmit loading={page.busy === 'reset'} testId="reset-submit">
            {t('reset.submit')}
          </FormSubmit>
        </div>
      }
    >
      {RESET_PASSWORD_FIELDS.map(([name, id, label, placeholder]) => (
        <Form.Item key={name} label={t(label)} description={<Problem page={page} name={name} id={id} />}>
          <Input
            id={id}
            data-testid={id}
            type="password"
            clearable
            autoComplete="new-password"
            placeholder={t(placeholder)}
            maxLength={page.maxLength.password}
            value={page.form[name]}
            onChange={(value) => page.update({ [name]: value })}
          />
        </Form.Item>
      ))}
      {page.requirements.length > 0 && <Form.Header>{t('password.rules.title')}</Form.Header>}
      {page.requirements.length > 0 && (
        <PasswordRules
          requirements={page.requirements}
          historyDepth={page.historyDepth}
          feedback={page.feedback}
        />
      )}
    </Form>
  );
}

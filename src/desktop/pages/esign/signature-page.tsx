import { Alert, Button, Card, Form, Input, Radio, Skeleton, Space, Steps, Tag, Typography } from 'antd';
import { type SignatureField, useSignaturePage } from '../../../pages/esign/use-signature-page';
import { useT } from '../../../i18n/use-t';
import { CheckIcon } from '../../icons';
import '../password/password-rules.css';

const MODE_COLOURS = { none: 'default', separate: 'success', login: 'processing' } as const;

/**
 * Personal centre > Electronic signature on desktop (/layout/signature): the member's signature state,
 * then a two-step change: prove the login password, then set the signature password (or sign with the
 * login password where the organisation allows it).
 */
export function SignaturePage() {
  const { t } = useT();
  const page = useSignaturePage();
  const { info } = page;
  if (!info) {
    return (
      <Card variant="borderless" title={t('esign.title')}>
        <Skeleton active loading={!page.failed} paragraph={{ rows: 4 }}>
          {t('status.loadFailed')}
        </Skeleton>
      </Card>
    );
  }
  const field = (name: SignatureField, label: 'loginPassword' | 'password' | 'confirm', testId: string) => {
    const error = page.errors[name];
    return (
      <Form.Item
        label={t(`esign.personal.${label}`)}
        validateStatus={error ? 'error' : undefined}
        help={error ? <span data-testid={`${testId}-error`}>{t(error.key, error.params)}</span> : undefined}
      >
        <Input.Password
          data-testid={testId}
          autoComplete={name === 'LoginPassword' ? 'current-password' : 'new-password'}
          placeholder={t(`esign.personal.${label}Placeholder`)}
          value={page.form[name]}
          onChange={(event) => page.update(name, event.target.value)}
          onPressEnter={() => void (page.step === 'verify' ? page.verify() : page.submit())}
        />
      </Form.Item>
    );
  };

  return (
    <Card variant="borderless" title={t('esign.title')} data-testid="signature">
      <Typography.Paragraph type="secondary">{t('esign.personal.intro')}</Typography.Paragraph>
      <Space direction="vertical" size={12} style={{ display: 'flex', maxWidth: 560 }}>
        <div>
          <Typography.Text type="secondary">{t('esign.personal.status')}: </Typography.Text>
          <Tag color={MODE_COLOURS[info.Mode]} data-testid="signature-mode">
            {t(`esign.personal.modes.${info.Mode}`)}
          </Tag>
        </div>
        {!info.Enabled && <Alert type="info" showIcon title={t('esign.personal.disabled')} />}
        {page.lockedUntil && (
          <Alert
            type="warning"
            showIcon
            data-testid="signature-locked"
            title={t('esign.personal.locked', { time: page.lockedUntil })}
          />
        )}
        {page.done && <Alert type="success" showIcon data-testid="signature-done" title={t(page.done)} />}
        {page.formError && (
          <Alert type="error" showIcon title={t(page.formError.key, page.formError.params)} />
        )}
        {page.step === 'status' && info.Enabled && (
          <div>
            <Button type="primary" data-testid="signature-start" onClick={page.start}>
              {t(info.HasPassword ? 'esign.personal.change' : 'esign.personal.set')}
            </Button>
          </div>
        )}
        {page.step !== 'status' && (
          <Form layout="vertical" style={{ marginTop: 8 }}>
            <Steps
              size="small"
              style={{ marginBottom: 24 }}
              current={page.step === 'verify' ? 0 : 1}
              items={[{ title: t('esign.personal.steps.verify') }, { title: t('esign.personal.steps.set') }]}
            />
            {page.step === 'verify' && info.AllowSameAsLogin && (
              <Form.Item label={t('esign.personal.choice')}>
                <Radio.Group
                  data-testid="signature-choice"
                  value={page.choice}
                  onChange={(event) => page.choose(event.target.value)}
                  options={(['separate', 'login'] as const).map((value) => ({
                    value,
                    label: t(`esign.personal.choices.${value}`),
                  }))}
                />
              </Form.Item>
            )}
            {page.step === 'verify' && field('LoginPassword', 'loginPassword', 'signature-login-password')}
            {page.step === 'set' && (
              <>
                {field('Password', 'password', 'signature-password')}
                {field('ConfirmPassword', 'confirm', 'signature-confirm')}
                <div className="password-rules" aria-label={t('esign.personal.rulesTitle')}>
                  <div className="password-rules-title">{t('esign.personal.rulesTitle')}</div>
                  <ul>
                    {page.rules.map((rule) => (
                      <li key={rule.key} className={rule.met ? 'met' : ''}>
                        <CheckIcon />
                        {t(rule.key, rule.params)}
                      </li>
                    ))}
                  </ul>
                </div>
              </>
            )}
            <Space>
              <Button onClick={page.step === 'set' ? page.back : page.cancel}>
                {t(page.step === 'set' ? 'esign.personal.back' : 'esign.personal.cancel')}
              </Button>
              <Button
                type="primary"
                data-testid="signature-next"
                loading={page.busy}
                onClick={() => void (page.step === 'verify' ? page.verify() : page.submit())}
              >
                {t(
                  page.step === 'verify' && page.choice === 'separate'
                    ? 'esign.personal.next'
                    : 'esign.personal.submit',
                )}
              </Button>
            </Space>
          </Form>
        )}
      </Space>
    </Card>
  );
}

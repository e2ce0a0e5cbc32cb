import Button from 'antd-mobile/es/components/button';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import List from 'antd-mobile/es/components/list';
import NoticeBar from 'antd-mobile/es/components/notice-bar';
import Radio from 'antd-mobile/es/components/radio';
import Skeleton from 'antd-mobile/es/components/skeleton';
import Space from 'antd-mobile/es/components/space';
import Tag from 'antd-mobile/es/components/tag';
import { type SignatureField, useSignaturePage } from '../../../pages/esign/use-signature-page';
import { useT } from '../../../i18n/use-t';
import '../password/password-rules.css';
import './signature-page.css';

const MODE_COLOURS = { none: 'default', separate: 'success', login: 'primary' } as const;

/**
 * Personal centre > Electronic signature on a phone (/layout/signature): the signature state, then prove
 * the login password and set the signature password (or sign with the login password where allowed).
 */
export function SignaturePage() {
  const { t } = useT();
  const page = useSignaturePage();
  const { info } = page;
  const field = (name: SignatureField, label: 'loginPassword' | 'password' | 'confirm', testId: string) => {
    const error = page.errors[name];
    return (
      <Form.Item
        label={t(`esign.personal.${label}`)}
        description={
          error ? (
            <span className="m-signature-error" data-testid={`${testId}-error`}>
              {t(error.key, error.params)}
            </span>
          ) : undefined
        }
      >
        <Input
          data-testid={testId}
          type="password"
          clearable
          maxLength={1024}
          autoComplete={name === 'LoginPassword' ? 'current-password' : 'new-password'}
          placeholder={t(`esign.personal.${label}Placeholder`)}
          value={page.form[name]}
          onChange={(value) => page.update(name, value)}
        />
      </Form.Item>
    );
  };

  return (
    <div className="m-signature" data-testid="signature">
      <div className="m-signature-head">
        <h1>{t('esign.title')}</h1>
        <p>{t('esign.personal.intro')}</p>
      </div>
      {!info && page.failed && <p className="m-signature-step">{t('status.loadFailed')}</p>}
      {!info && !page.failed && <Skeleton.Paragraph lineCount={4} animated />}
      {info && (
        <>
          <List mode="card">
            <List.Item
              extra={
                <Tag color={MODE_COLOURS[info.Mode]} fill="outline" data-testid="signature-mode">
                  {t(`esign.personal.modes.${info.Mode}`)}
                </Tag>
              }
            >
              {t('esign.personal.status')}
            </List.Item>
          </List>
          {!info.Enabled && <NoticeBar content={t('esign.personal.disabled')} color="info" wrap />}
          {page.lockedUntil && (
            <div data-testid="signature-locked">
              <NoticeBar
                content={t('esign.personal.locked', { time: page.lockedUntil })}
                color="alert"
                wrap
              />
            </div>
          )}
          {page.done && (
            <div data-testid="signature-done">
              <NoticeBar content={t(page.done)} color="info" wrap />
            </div>
          )}
          {page.formError && (
            <NoticeBar content={t(page.formError.key, page.formError.params)} color="error" wrap />
          )}
          {page.step === 'status' && info.Enabled && (
            <Button block color="primary" shape="rounded" data-testid="signature-start" onClick={page.start}>
              {t(info.HasPassword ? 'esign.personal.change' : 'esign.personal.set')}
            </Button>
          )}
          {page.step !== 'status' && (
            <Form layout="vertical" mode="card">
              <Form.Header>
                {page.step === 'verify' ? t('esign.personal.steps.verify') : t('esign.personal.steps.set')}
              </Form.Header>
              {page.step === 'verify' && info.AllowSameAsLogin && (
                <Form.Item label={t('esign.personal.choice')}>
                  <Radio.Group
                    value={page.choice}
                    onChange={(value) => page.choose(value as 'separate' | 'login')}
                  >
                    <Space direction="vertical" data-testid="signature-choice">
                      {(['separate', 'login'] as const).map((value) => (
                        <Radio key={value} value={value}>
                          {t(`esign.personal.choices.${value}`)}
                        </Radio>
                      ))}
                    </Space>
                  </Radio.Group>
                </Form.Item>
              )}
              {page.step === 'verify' && field('LoginPassword', 'loginPassword', 'signature-login-password')}
              {page.step === 'set' && field('Password', 'password', 'signature-password')}
              {page.step === 'set' && field('ConfirmPassword', 'confirm', 'signature-confirm')}
            </Form>
          )}
          {page.step === 'set' && (
            <ul className="m-password-rules" aria-label={t('esign.personal.rulesTitle')}>
              {page.rules.map((rule) => (
                <li key={rule.key} className={rule.met ? 'met' : ''}>
                  {t(rule.key, rule.params)}
                </li>
              ))}
            </ul>
          )}
          {page.step !== 'status' && (
            <div className="m-signature-actions">
              <Button shape="rounded" onClick={page.step === 'set' ? page.back : page.cancel}>
                {t(page.step === 'set' ? 'esign.personal.back' : 'esign.personal.cancel')}
              </Button>
              <Button
                color="primary"
                shape="rounded"
                loading={page.busy}
                data-testid="signature-next"
                onClick={() => void (page.step === 'verify' ? page.verify() : page.submit())}
              >
                {t(
                  page.step === 'verify' && page.choice === 'separate'
                    ? 'esign.personal.next'
                    : 'esign.personal.submit',
                )}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

import { Alert, Button, Card, Form, Input, Result, Segmented } from 'antd';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { Language } from '../../../../domain/constants';
import type { CodeType } from '../../../../domain/rules/password-reset';
import { useT } from '../../../i18n/use-t';
import { PATHS } from '../../../pages/paths';
import { useMobileVerifyPage } from '../../../pages/secondary-verification/use-mobile-verify-page';
import { BrandMark } from '../../icons';
import './mobile-verify-page.css';

/** /mobileVerify on desktop: the code that finishes a sign-in when the organisation asks for one. */
export function MobileVerifyPage() {
  const { t, language } = useT();
  const page = useMobileVerifyPage();
  const onSubmit = (event?: FormEvent) => {
    event?.preventDefault();
    void page.submit();
  };
  const channelLabel = (type: CodeType, masked: string) =>
    t(type === 1 ? 'secondaryVerification.byPhone' : 'secondaryVerification.byEmail', { target: masked });

  return (
    <div className="flow-page verify-page" data-testid="mobile-verify-page">
      <header className="flow-header verify-header">
        <Link to={PATHS.login} className="flow-brand verify-brand">
          <BrandMark size={32} />
          {t('common.appName')}
        </Link>
        <Segmented<Language>
          size="small"
          value={language}
          options={page.languages.map((code) => ({ value: code, label: t(`common.languages.${code}`) }))}
          onChange={(code) => void page.setLanguage(code)}
        />
      </header>
      <main className="flow-main">
        <Card className="flow-card verify-card" title={t('secondaryVerification.title')} variant="borderless">
          {!page.live ? (
            <Result
              status="warning"
              title={t('secondaryVerification.expired')}
              data-testid="verify-expired"
              extra={
                <Button type="primary" size="large" onClick={page.backToLogin} data-testid="verify-back">
                  {t('secondaryVerification.backToLogin')}
                </Button>
              }
            />
          ) : (
            <Form layout="vertical" requiredMark={false} onFinish={() => onSubmit()}>
              <p className="verify-intro">
                {page.channels.length > 1
                  ? t('secondaryVerification.intro')
                  : t('secondaryVerification.introSingle', { target: page.target })}
              </p>
              {page.channels.length > 1 && (
                <Segmented<CodeType>
                  block
                  className="verify-channels"
                  data-testid="verify-channels"
                  value={page.codeType}
                  options={page.channels.map((channel) => ({
                    value: channel.CodeType,
                    label: channelLabel(channel.CodeType, channel.Masked),
                  }))}
                  onChange={page.chooseChannel}
                />
              )}
              <Form.Item
                label={t('secondaryVerification.code')}
                htmlFor="verify-code"
                validateStatus={page.problem ? 'error' : undefined}
                help={page.problem ? t(page.problem) : undefined}
              >
                <div className="verify-inline">
                  <Input
                    id="verify-code"
                    data-testid="verify-code"
                    size="large"
                    autoComplete="one-time-code"
                    inputMode="numeric"
                    placeholder={t('secondaryVerification.codePlaceholder')}
                    maxLength={page.codeLength}
                    value={page.code}
                    onChange={(event) => page.setCode(event.target.value)}
                  />
                  <Button
                    size="large"
                    className="verify-send"
                    data-testid="verify-send"
                    disabled={page.resendIn > 0 || page.busy !== null}
                    loading={page.busy === 'send'}
                    onClick={() => void page.sendCode()}
                  >
                    {page.resendIn > 0
                      ? t('secondaryVerification.resendIn', { seconds: page.resendIn })
                      : t('secondaryVerification.sendCode')}
                  </Button>
                </div>
              </Form.Item>
              {page.sentTo && (
                <Alert
                  className="verify-alert"
                  type="info"
                  showIcon
                  data-testid="verify-code-sent"
                  title={t('secondaryVerification.codeSent', {
                    target: page.sentTo,
                    minutes: page.codeValidMinutes,
                  })}
                />
              )}
              <Button
                type="primary"
                htmlType="submit"
                size="large"
                block
                loading={page.busy === 'verify'}
                data-testid="verify-submit"
              >
                {t('secondaryVerification.submit')}
              </Button>
              <div className="verify-footer">
                <Button type="link" onClick={page.backToLogin}>
                  {t('secondaryVerification.backToLogin')}
                </Button>
              </div>
            </Form>
          )}
        </Card>
      </main>
    </div>
  );
}

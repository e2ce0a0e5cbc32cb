import Button from 'antd-mobile/es/components/button';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import NavBar from 'antd-mobile/es/components/nav-bar';
import NoticeBar from 'antd-mobile/es/components/notice-bar';
import Result from 'antd-mobile/es/components/result';
import Selector from 'antd-mobile/es/components/selector';
import type { CodeType } from '../../../../domain/rules/password-reset';
import { useT } from '../../../i18n/use-t';
import { useMobileVerifyPage } from '../../../pages/secondary-verification/use-mobile-verify-page';
import './mobile-verify-page.css';
import { FormSubmit } from '../../forms/form-submit';

/** /mobileVerify on a phone: the code that finishes a sign-in when the organisation asks for one. */
export function MobileVerifyPage() {
  const { t, language } = useT();
  const page = useMobileVerifyPage();
  const other = page.languages.find((code) => code !== language) ?? language;
  const channelLabel = (type: CodeType, masked: string) =>
    t(type === 1 ? 'secondaryVerification.byPhone' : 'secondaryVerification.byEmail', { target: masked });

  return (
    <div className="m-verify" data-testid="mobile-verify-page">
      <NavBar
        onBack={page.backToLogin}
        right={
          <button type="button" className="m-verify-lang" onClick={() => void page.setLanguage(other)}>
            {t(`common.languages.${other}`)}
          </button>
        }
      >
        {t('secondaryVerification.title')}
      </NavBar>
      {!page.live ? (
        <div className="m-verify-expired" data-testid="verify-expired">
          <Result status="warning" title={t('secondaryVerification.expired')} />
          <Button
            block
            color="primary"
            size="large"
            shape="rounded"
            onClick={page.backToLogin}
            data-testid="verify-back"
          >
            {t('secondaryVerification.backToLogin')}
          </Button>
        </div>
      ) : (
        <>
          <p className="m-verify-intro">
            {page.channels.length > 1
              ? t('secondaryVerification.intro')
              : t('secondaryVerification.introSingle', { target: page.target })}
          </p>
          {page.channels.length > 1 && (
            <Selector<CodeType>
              className="m-verify-channels"
              data-testid="verify-channels"
              columns={1}
              value={[page.codeType]}
              options={page.channels.map((channel) => ({
                value: channel.CodeType,
                label: channelLabel(channel.CodeType, channel.Masked),
              }))}
              onChange={(values) => values[0] !== undefined && page.chooseChannel(values[0])}
            />
          )}
          {page.sentTo && (
            <div data-testid="verify-code-sent">
              <NoticeBar
                color="info"
                wrap
                content={t('secondaryVerification.codeSent', {
                  target: page.sentTo,
                  minutes: page.codeValidMinutes,
                })}
              />
            </div>
          )}
          <Form
            layout="vertical"
            mode="card"
            onFinish={() => void page.submit()}
            footer={
              <FormSubmit loading={page.busy === 'verify'} testId="verify-submit">
                {t('secondaryVerification.submit')}
              </FormSubmit>
            }
          >
            <Form.Item
              label={t('secondaryVerification.code')}
              description={
                page.problem ? <span className="m-verify-error">{t(page.problem)}</span> : undefined
              }
              extra={
                <Button
                  size="small"
                  color="primary"
                  fill="outline"
                  disabled={page.resendIn > 0 || page.busy !== null}
                  loading={page.busy === 'send'}
                  onClick={() => void page.sendCode()}
                  data-testid="verify-send"
                >
                  {page.resendIn > 0
                    ? t('secondaryVerification.resendIn', { seconds: page.resendIn })
                    : t('secondaryVerification.sendCode')}
                </Button>
              }
            >
              <Input
                id="verify-code"
                data-testid="verify-code"
                type="tel"
                autoComplete="one-time-code"
                placeholder={t('secondaryVerification.codePlaceholder')}
                maxLength={page.codeLength}
                value={page.code}
                onChange={page.setCode}
              />
            </Form.Item>
          </Form>
        </>
      )}
    </div>
  );
}

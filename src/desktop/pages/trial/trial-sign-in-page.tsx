import { Button, Card, Checkbox, Form, Input, Result } from 'antd';
import { Link } from 'react-router-dom';
import { useFormatTime, useT } from '../../../i18n/use-t';
import { type TrialPage, useTrialPage } from '../../../pages/trial/use-trial-page';
import { TrialAgreementWords } from '../../../pages/trial/trial-code-flow';
import { TrialHeader } from './trial-header';
import { SendCodeButton, TrialFormEnd } from './trial-form-parts';
import './trial-page.css';

/** The mobile number, its code and the agreement tick. */
function SignInForm({ page }: { page: TrialPage }) {
  const { t } = useT();
  const error = (field: keyof TrialPage['fieldProblems']) => {
    const key = page.fieldProblems[field];
    return key ? <span data-testid={`trial-signin-${field}-error`}>{t(key)}</span> : undefined;
  };
  return (
    <Form layout="vertical" requiredMark={false} onFinish={() => void page.submit()}>
      <Form.Item
        label={t('trial.mobilePhone')}
        htmlFor="trial-signin-mobile"
        validateStatus={page.fieldProblems.mobilePhone ? 'error' : undefined}
        help={error('mobilePhone')}
      >
        <Input
          id="trial-signin-mobile"
          data-testid="trial-signin-mobile"
          size="large"
          autoComplete="tel"
          maxLength={page.maxLength.mobile}
          placeholder={t('trial.mobilePlaceholder')}
          value={page.mobilePhone}
          onChange={(event) => page.setMobile(event.target.value)}
        />
      </Form.Item>
      <Form.Item
        label={t('trial.code')}
        htmlFor="trial-signin-code"
        validateStatus={page.fieldProblems.verificationCode ? 'error' : undefined}
        help={error('verificationCode')}
      >
        <div className="trial-inline">
          <Input
            id="trial-signin-code"
            data-testid="trial-signin-code"
            size="large"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={page.maxLength.code}
            placeholder={t('trial.codePlaceholder')}
            value={page.verificationCode}
            onChange={(event) => page.setCode(event.target.value)}
          />
          <SendCodeButton flow={page} testId="trial-signin-send" />
        </div>
      </Form.Item>
      <Form.Item validateStatus={page.fieldProblems.agreed ? 'error' : undefined} help={error('agreed')}>
        <Checkbox
          data-testid="trial-signin-agree"
          checked={page.agreed}
          onChange={(event) => page.setAgreed(event.target.checked)}
        >
          <TrialAgreementWords flow={page} />
        </Checkbox>
      </Form.Item>
      <TrialFormEnd
        flow={page}
        testIdPrefix="trial-signin"
        codeSentText={t('trialSignIn.codeSent', { minutes: 10 })}
        submitText={t('trialSignIn.submit')}
      />
    </Form>
  );
}

/** /trial on desktop: trial sign-in with a mobile number and a code, or the trial already running. */
export function TrialSignInPage() {
  const { t } = useT();
  const formatTime = useFormatTime();
  const page = useTrialPage();
  const date = (ms: number) => formatTime(ms, 'date');
  let body;
  if (page.running) {
    body = (
      <Result
        status="info"
        data-testid="trial-signin-running"
        title={t('trialSignIn.signedInTitle')}
        subTitle={t('trialSignIn.signedIn', { org: page.running.orgName, date: date(page.running.endsAt) })}
        extra={[
          <Button key="demo" type="primary" data-testid="trial-signin-open-demo" onClick={page.openDemo}>
            {t('trialSignIn.openDemo')}
          </Button>,
          <Button
            key="out"
            data-testid="trial-signin-sign-out"
            loading={page.busy === 'signOut'}
            onClick={() => void page.signOut()}
          >
            {t('trialSignIn.signOut')}
          </Button>,
        ]}
      />
    );
  } else if (page.expired && page.problem) {
    body = (
      <Result
        status="warning"
        data-testid="trial-signin-expired"
        title={t('trialSignIn.expiredTitle')}
        subTitle={t(page.problem.key)}
        extra={
          <Link to={page.loginPath}>
            <Button>{t('trial.backToLogin')}</Button>
          </Link>
        }
      />
    );
  } else {
    body = (
      <>
        <h1 className="trial-title">{t('trialSignIn.title')}</h1>
        <p className="trial-subtitle">{t('trialSignIn.subtitle')}</p>
        <SignInForm page={page} />
        <div className="trial-footer">
          {t('trialSignIn.noTrial')} <Link to={page.applyPath}>{t('trialSignIn.apply')}</Link>
          <span className="trial-footer-gap">·</span>
          <Link to={page.loginPath}>{t('trialSignIn.passwordLogin')}</Link>
        </div>
      </>
    );
  }
  return (
    <div className="flow-page trial-page" data-testid="trial-signin-page">
      <TrialHeader loginPath={page.loginPath} languages={page.languages} setLanguage={page.setLanguage} />
      <main className="flow-main">
        <Card className="flow-card trial-card trial-card-narrow" variant="borderless">
          {body}
        </Card>
      </main>
    </div>
  );
}

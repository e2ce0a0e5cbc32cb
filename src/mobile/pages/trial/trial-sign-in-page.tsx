import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import Result from 'antd-mobile/es/components/result';
import { Link, useNavigate } from 'react-router-dom';
import { useFormatTime, useT } from '../../../i18n/use-t';
import { type TrialPage, useTrialPage } from '../../../pages/trial/use-trial-page';
import { TrialAgreementWords } from '../../../pages/trial/trial-code-flow';
import { TrialNavBar } from './trial-nav-bar';
import { SendCodeButton, TrialCardForm } from './trial-form-parts';
import './trial-page.css';

/** The hook's problem for a field, shown under its label. */
function Problem({ page, name }: { page: TrialPage; name: keyof TrialPage['fieldProblems'] }) {
  const { t } = useT();
  const key = page.fieldProblems[name];
  if (!key) return null;
  return (
    <span className="m-trial-error" data-testid={`trial-signin-${name}-error`}>
      {t(key)}
    </span>
  );
}

/** The mobile number, its code and the agreement tick, in an antd-mobile card form. */
function SignInForm({ page }: { page: TrialPage }) {
  const { t } = useT();
  return (
    <>
      <p className="m-trial-subtitle">{t('trialSignIn.subtitle')}</p>
      <TrialCardForm
        flow={page}
        testIdPrefix="trial-signin"
        codeSentText={t('trialSignIn.codeSent', { minutes: 10 })}
        submitText={t('trialSignIn.submit')}
        onSubmit={() => void page.submit()}
      >
        <Form.Item label={t('trial.mobilePhone')} description={<Problem page={page} name="mobilePhone" />}>
          <Input
            id="trial-signin-mobile"
            data-testid="trial-signin-mobile"
            type="tel"
            clearable
            maxLength={page.maxLength.mobile}
            placeholder={t('trial.mobilePlaceholder')}
            value={page.mobilePhone}
            onChange={page.setMobile}
          />
        </Form.Item>
        <Form.Item
          label={t('trial.code')}
          description={<Problem page={page} name="verificationCode" />}
          extra={<SendCodeButton flow={page} testId="trial-signin-send" />}
        >
          <Input
            id="trial-signin-code"
            data-testid="trial-signin-code"
            inputMode="numeric"
            maxLength={page.maxLength.code}
            placeholder={t('trial.codePlaceholder')}
            value={page.verificationCode}
            onChange={page.setCode}
          />
        </Form.Item>
        <Form.Item description={<Problem page={page} name="agreed" />}>
          <Checkbox data-testid="trial-signin-agree" checked={page.agreed} onChange={page.setAgreed}>
            <span className="m-trial-agree">
              <TrialAgreementWords flow={page} />
            </span>
          </Checkbox>
        </Form.Item>
      </TrialCardForm>
      <div className="m-trial-footer">
        {t('trialSignIn.noTrial')} <Link to={page.applyPath}>{t('trialSignIn.apply')}</Link>
        <div className="m-trial-footer-line">
          <Link to={page.loginPath}>{t('trialSignIn.passwordLogin')}</Link>
        </div>
      </div>
    </>
  );
}

/** /trial on a phone: trial sign-in with a mobile number and a code, or the trial already running. */
export function TrialSignInPage() {
  const { t } = useT();
  const formatTime = useFormatTime();
  const navigate = useNavigate();
  const page = useTrialPage();
  const date = (ms: number) => formatTime(ms, 'date');
  let body;
  if (page.running) {
    body = (
      <div className="m-trial-done" data-testid="trial-signin-running">
        <Result
          status="info"
          title={t('trialSignIn.signedInTitle')}
          description={t('trialSignIn.signedIn', {
            org: page.running.orgName,
            date: date(page.running.endsAt),
          })}
        />
        <Button
          block
          color="primary"
          shape="rounded"
          data-testid="trial-signin-open-demo"
          onClick={page.openDemo}
        >
          {t('trialSignIn.openDemo')}
        </Button>
        <Button
          block
          shape="rounded"
          className="m-trial-second"
          data-testid="trial-signin-sign-out"
          loading={page.busy === 'signOut'}
          onClick={() => void page.signOut()}
        >
          {t('trialSignIn.signOut')}
        </Button>
      </div>
    );
  } else if (page.expired && page.problem) {
    body = (
      <div className="m-trial-done" data-testid="trial-signin-expired">
        <Result status="warning" title={t('trialSignIn.expiredTitle')} description={t(page.problem.key)} />
        <Button block shape="rounded" onClick={() => navigate(page.loginPath)}>
          {t('trial.backToLogin')}
        </Button>
      </div>
    );
  } else {
    body = <SignInForm page={page} />;
  }
  return (
    <div className="m-trial" data-testid="trial-signin-page">
      <TrialNavBar
        title={t('trialSignIn.title')}
        onBack={() => navigate(page.loginPath)}
        languages={page.languages}
        setLanguage={page.setLanguage}
      />
      {body}
    </div>
  );
}

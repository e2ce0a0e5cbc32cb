import Button from 'antd-mobile/es/components/button';
import Result from 'antd-mobile/es/components/result';
import Steps from 'antd-mobile/es/components/steps';
import { Link } from 'react-router-dom';
import { useT } from '../../../i18n/use-t';
import { useRegFlowPage } from '../../../pages/trial/use-reg-flow-page';
import { TrialNavBar } from './trial-nav-bar';
import './trial-page.css';

/** /regFlow on a phone: apply, review, done; the last step counts down to the login. */
export function RegFlowPage() {
  const { t } = useT();
  const page = useRegFlowPage();
  return (
    <div className="m-trial" data-testid="reg-flow-page">
      <TrialNavBar
        title={t('trial.flow.title')}
        onBack={page.goToLogin}
        languages={page.languages}
        setLanguage={page.setLanguage}
      />
      <Steps current={page.step === 2 ? 3 : page.step} className="m-trial-steps">
        <Steps.Step title={t('trial.flow.stepApply')} />
        <Steps.Step title={t('trial.flow.stepSubmit')} />
        <Steps.Step title={t('trial.flow.stepDone')} />
      </Steps>
      <div className="m-trial-done">
        {page.submitted ? (
          <div data-testid="reg-flow-done">
            <Result status="success" title={t('trial.flow.success')} description={t('trial.flow.contact')} />
            <p className="m-trial-countdown" data-testid="reg-flow-countdown">
              {t('trial.flow.countdown', { seconds: page.seconds })}
            </p>
            <Button
              block
              color="primary"
              size="large"
              shape="rounded"
              onClick={page.goToLogin}
              data-testid="reg-flow-login"
            >
              {t('trial.flow.goNow')}
            </Button>
          </div>
        ) : (
          <>
            <Result status="info" title={t('trial.flow.noApplication')} />
            <Link to={page.applyPath} data-testid="reg-flow-apply">
              <Button block color="primary" size="large" shape="rounded">
                {t('trial.flow.apply')}
              </Button>
            </Link>
          </>
        )}
      </div>
    </div>
  );
}

import { Button, Card, Result, Steps } from 'antd';
import { Link } from 'react-router-dom';
import { useT } from '../../../i18n/use-t';
import { useRegFlowPage } from '../../../pages/trial/use-reg-flow-page';
import { TrialHeader } from './trial-header';
import './trial-page.css';

/** /regFlow on desktop: apply, review, done; the last step counts down to the login. */
export function RegFlowPage() {
  const { t } = useT();
  const page = useRegFlowPage();
  return (
    <div className="flow-page trial-page" data-testid="reg-flow-page">
      <TrialHeader loginPath={page.loginPath} languages={page.languages} setLanguage={page.setLanguage} />
      <main className="flow-main">
        <Card className="flow-card trial-card" title={t('trial.flow.title')} variant="borderless">
          <Steps
            size="small"
            current={page.step === 2 ? 3 : page.step}
            items={[
              { title: t('trial.flow.stepApply') },
              { title: t('trial.flow.stepSubmit') },
              { title: t('trial.flow.stepDone') },
            ]}
          />
          {page.submitted ? (
            <Result
              status="success"
              title={t('trial.flow.success')}
              subTitle={t('trial.flow.contact')}
              data-testid="reg-flow-done"
              extra={
                <>
                  <p className="trial-countdown" data-testid="reg-flow-countdown">
                    {t('trial.flow.countdown', { seconds: page.seconds })}
                  </p>
                  <Button type="primary" size="large" onClick={page.goToLogin} data-testid="reg-flow-login">
                    {t('trial.flow.goNow')}
                  </Button>
                </>
              }
            />
          ) : (
            <Result
              status="info"
              title={t('trial.flow.noApplication')}
              extra={
                <Link to={page.applyPath} data-testid="reg-flow-apply">
                  <Button type="primary" size="large">
                    {t('trial.flow.apply')}
                  </Button>
                </Link>
              }
            />
          )}
        </Card>
      </main>
    </div>
  );
}

import Button from 'antd-mobile/es/components/button';
import NavBar from 'antd-mobile/es/components/nav-bar';
import Result from 'antd-mobile/es/components/result';
import Steps from 'antd-mobile/es/components/steps';
import { useT } from '../../../i18n/use-t';
import { useResetPage } from '../../../pages/reset/use-reset-page';
import { PasswordStep, VerifyStep } from './reset-steps';
import './reset-page.css';

/** /reset on a phone: the forgotten-password wizard with antd-mobile steps (SPEC §2). */
export function ResetPage() {
  const { t, language } = useT();
  const page = useResetPage();
  const other = page.languages.find((code) => code !== language) ?? language;

  return (
    <div className="m-reset" data-testid="reset-page">
      <NavBar
        onBack={page.goToLogin}
        right={
          <button type="button" className="m-reset-lang" onClick={() => void page.setLanguage(other)}>
            {t(`common.languages.${other}`)}
          </button>
        }
      >
        {t('reset.title')}
      </NavBar>
      {/* Past the last step once done, so every step shows as finished. */}
      <Steps current={page.step === 2 ? 3 : page.step} className="m-reset-steps">
        <Steps.Step title={t('reset.steps.verify')} />
        <Steps.Step title={t('reset.steps.setPassword')} />
        <Steps.Step title={t(page.step === 2 ? 'reset.steps.finished' : 'reset.steps.unfinished')} />
      </Steps>
      {page.step === 0 && <VerifyStep page={page} />}
      {page.step === 1 && <PasswordStep page={page} />}
      {page.step === 2 && (
        <div className="m-reset-done" data-testid="reset-done">
          <Result status="success" title={t('reset.doneTitle')} description={t('reset.doneBody')} />
          <Button
            block
            color="primary"
            size="large"
            shape="rounded"
            onClick={page.goToLogin}
            data-testid="reset-go-login"
          >
            {t('reset.goLogin')}
          </Button>
        </div>
      )}
    </div>
  );
}

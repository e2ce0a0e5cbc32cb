import { Button, Card, Result, Segmented, Steps } from 'antd';
import { Link } from 'react-router-dom';
import type { Language } from '../../../../domain/constants';
import { useT } from '../../../i18n/use-t';
import { PATHS } from '../../../pages/paths';
import { useResetPage } from '../../../pages/reset/use-reset-page';
import { BrandMark } from '../../icons';
import { PasswordStep, VerifyStep } from './reset-steps';
import './reset-page.css';

/** /reset on desktop: the forgotten-password wizard in three antd steps (SPEC §2). */
export function ResetPage() {
  const { t, language } = useT();
  const page = useResetPage();

  return (
    <div className="flow-page reset-page" data-testid="reset-page">
      <header className="flow-header reset-header">
        <Link to={PATHS.login} className="flow-brand reset-brand">
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
        <Card className="flow-card reset-card" title={t('reset.title')} variant="borderless">
          <Steps
            className="reset-steps"
            // Past the last step once done, so every step shows as finished.
            current={page.step === 2 ? 3 : page.step}
            size="small"
            items={[
              { title: t('reset.steps.verify') },
              { title: t('reset.steps.setPassword') },
              { title: t(page.step === 2 ? 'reset.steps.finished' : 'reset.steps.unfinished') },
            ]}
          />
          {page.step === 0 && <VerifyStep page={page} />}
          {page.step === 1 && <PasswordStep page={page} />}
          {page.step === 2 && (
            <Result
              status="success"
              title={t('reset.doneTitle')}
              subTitle={t('reset.doneBody')}
              data-testid="reset-done"
              extra={
                <Button type="primary" size="large" onClick={page.goToLogin} data-testid="reset-go-login">
                  {t('reset.goLogin')}
                </Button>
              }
            />
          )}
          {page.step !== 2 && (
            <div className="reset-footer">
              <Link to={PATHS.login}>{t('reset.backToLogin')}</Link>
            </div>
          )}
        </Card>
      </main>
    </div>
  );
}

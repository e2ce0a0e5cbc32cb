import { Alert, Button, Card, Segmented } from 'antd';
import { Link } from 'react-router-dom';
import type { Language } from '../../../../domain/constants';
import { useModifyPasswordPage } from '../../../pages/password/use-modify-password-page';
import { useT } from '../../../i18n/use-t';
import { BrandMark } from '../../icons';
import './modify-password-page.css';
import { PasswordChangeForm } from './password-change-form';

/** /modifyPsw on desktop: the old-password change, and where a forced change lands after sign-in. */
export function ModifyPasswordPage() {
  const { t, language } = useT();
  const page = useModifyPasswordPage();

  return (
    <div className="flow-page modify-psw" data-testid="modify-password">
      <header className="flow-header">
        <span className="flow-brand">
          <BrandMark size={32} />
          {t('common.appName')}
        </span>
        <Segmented<Language>
          size="small"
          value={language}
          options={page.languages.map((code) => ({ value: code, label: t(`common.languages.${code}`) }))}
          onChange={(code) => void page.setLanguage(code)}
        />
      </header>
      <main className="flow-main">
        <Card className="flow-card modify-psw-card" title={t('password.modify.title')} variant="borderless">
          {page.reason && (
            <Alert
              className="modify-psw-alert"
              type="warning"
              showIcon
              title={t(`password.reasons.${page.reason}`)}
              data-testid="modify-password-reason"
            />
          )}
          <PasswordChangeForm page={page} />
          <div className="modify-psw-footer">
            {page.home && <Link to={page.home}>{t('common.backHome')}</Link>}
            {page.reason && page.canLogout && (
              <Button type="link" onClick={() => void page.signOut()} data-testid="modify-password-logout">
                {t('password.modify.logout')}
              </Button>
            )}
          </div>
        </Card>
      </main>
    </div>
  );
}

import { Alert, Card } from 'antd';
import { useModifyPasswordPage } from '../../../pages/password/use-modify-password-page';
import { useT } from '../../../i18n/use-t';
import { PasswordChangeForm } from './password-change-form';
import './password-page.css';

/**
 * Personal centre > change password (/layout/password, SPEC §2) on desktop: the change a member chooses,
 * inside the layout. Done, it stays and says so; the other sessions of the account have ended.
 */
export function PasswordPage() {
  const { t } = useT();
  const page = useModifyPasswordPage('personalCentre');
  return (
    <Card variant="borderless" title={t('menus.password')} data-testid="password-page">
      <div className="password-page-form">
        {page.changed && (
          <Alert
            className="password-change-alert"
            type="success"
            showIcon
            title={t('password.modify.changed')}
            data-testid="password-changed"
          />
        )}
        <PasswordChangeForm page={page} />
      </div>
    </Card>
  );
}

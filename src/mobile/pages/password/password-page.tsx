import NoticeBar from 'antd-mobile/es/components/notice-bar';
import { useModifyPasswordPage } from '../../../pages/password/use-modify-password-page';
import { useT } from '../../../i18n/use-t';
import { PasswordChangeForm } from './password-change-form';
import './password-page.css';

/**
 * Personal centre > change password (/layout/password, SPEC §2) on a phone, reached from the user sheet:
 * the change a member chooses, inside the layout. Done, it stays and says so; the other sessions of the
 * account have ended.
 */
export function PasswordPage() {
  const { t } = useT();
  const page = useModifyPasswordPage('personalCentre');
  return (
    <div className="m-password" data-testid="password-page">
      <h1 className="m-password-title">{t('menus.password')}</h1>
      {page.changed && (
        <div data-testid="password-changed">
          <NoticeBar content={t('password.modify.changed')} color="info" wrap />
        </div>
      )}
      <PasswordChangeForm page={page} />
    </div>
  );
}

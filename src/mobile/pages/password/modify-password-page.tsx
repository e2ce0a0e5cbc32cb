import Button from 'antd-mobile/es/components/button';
import NavBar from 'antd-mobile/es/components/nav-bar';
import NoticeBar from 'antd-mobile/es/components/notice-bar';
import { useNavigate } from 'react-router-dom';
import { useModifyPasswordPage } from '../../../pages/password/use-modify-password-page';
import { useT } from '../../../i18n/use-t';
import './modify-password-page.css';
import { PasswordChangeForm } from './password-change-form';

/** /modifyPsw on a phone: the old-password change, and where a forced change lands after sign-in. */
export function ModifyPasswordPage() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const page = useModifyPasswordPage();
  const other = page.languages.find((code) => code !== language) ?? language;

  return (
    <div className="m-modify-psw" data-testid="modify-password">
      <NavBar
        back={page.home ? '' : null}
        onBack={() => page.home && navigate(page.home)}
        right={
          <button type="button" className="m-modify-psw-lang" onClick={() => void page.setLanguage(other)}>
            {t(`common.languages.${other}`)}
          </button>
        }
      >
        {t('password.modify.title')}
      </NavBar>
      {page.reason && (
        <div data-testid="modify-password-reason">
          <NoticeBar content={t(`password.reasons.${page.reason}`)} color="alert" wrap />
        </div>
      )}
      <PasswordChangeForm page={page} />
      {page.reason && page.canLogout && (
        <div className="m-modify-psw-logout">
          <Button
            fill="none"
            color="primary"
            onClick={() => void page.signOut()}
            data-testid="modify-password-logout"
          >
            {t('password.modify.logout')}
          </Button>
        </div>
      )}
    </div>
  );
}

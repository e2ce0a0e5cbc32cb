import { Link } from 'react-router-dom';
import { LANGUAGES } from '../../../domain/constants';
import { changeLanguage } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../../pages/paths';
import { BrandMark } from '../brand-mark';
import './layouts.css';

/**
 * The phone's no-auth header (SPEC §2) over public pages for someone not signed in: the brand, a switch to
 * the other language and the way to sign in, in the colours of the signed-in header.
 */
export function NoAuthHeader() {
  const { t, language } = useT();
  const other = LANGUAGES.find((code) => code !== language) ?? language;
  return (
    <header className="m-header" data-testid="no-auth-header">
      <Link to={PATHS.login} className="m-brand">
        <BrandMark size={28} />
        <span>{t('common.appShortName')}</span>
      </Link>
      <div className="m-header-end">
        <button
          type="button"
          className="m-no-auth-lang"
          data-testid={`header-lang-${other}`}
          onClick={() => void changeLanguage(other)}
        >
          {t(`common.languages.${other}`)}
        </button>
        <Link to={PATHS.login} className="m-home-link" data-testid="header-sign-in">
          {t('layout.appPages.signIn')}
        </Link>
      </div>
    </header>
  );
}

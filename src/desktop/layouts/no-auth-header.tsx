import { Link } from 'react-router-dom';
import { LANGUAGES } from '../../../domain/constants';
import { changeLanguage } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../../pages/paths';
import { BrandMark } from '../icons';
import './layouts.css';
import './product-menu.css';

const LANGUAGE_NAMES = { 'zh-CN': '中文', 'en-US': 'English' } as const;

/**
 * The no-auth header (SPEC §2) over public pages for someone not signed in: the brand, the language and
 * the way to sign in.
 */
export function NoAuthHeader() {
  const { t, language } = useT();
  return (
    <header className="card-header no-auth-header" data-testid="no-auth-header">
      <Link to={PATHS.login} className="brand">
        <BrandMark size={32} />
        <span className="brand-text">{t('common.appName')}</span>
      </Link>
      <span className="no-auth-actions">
        {LANGUAGES.map((code) => (
          <button
            key={code}
            type="button"
            className={code === language ? 'no-auth-lang on' : 'no-auth-lang'}
            aria-pressed={code === language}
            data-testid={`header-lang-${code}`}
            onClick={() => void changeLanguage(code)}
          >
            {LANGUAGE_NAMES[code]}
          </button>
        ))}
        <Link className="no-auth-sign-in" to={PATHS.login} data-testid="header-sign-in">
          {t('layout.appPages.signIn')}
        </Link>
      </span>
    </header>
  );
}

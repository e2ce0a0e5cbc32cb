import { Link, NavLink } from 'react-router-dom';
import { PATHS } from '../../pages/paths';
import { useT } from '../../i18n/use-t';
import './layouts.css';
import { BrandMark, HomeIcon, UserIcon } from '../icons';
import { ProductMenu } from './product-menu';
import { UserMenu } from './user-menu';

/**
 * The new header (SPEC §2) over the layout pages of the new UI: the brand and a work-table tab lead back
 * to the card home, the personal-centre tab marks where the user is, the product menu and the user menu.
 */
export function NewHeader() {
  const { t } = useT();
  return (
    <header className="new-header">
      <div className="new-header-start">
        <Link to={PATHS.home} className="brand">
          <BrandMark size={32} />
          <span className="brand-text">{t('common.appName')}</span>
        </Link>
        <nav className="new-header-nav" aria-label={t('layout.navigation')}>
          <NavLink to={PATHS.home} end data-testid="nav-home">
            <HomeIcon />
            {t('layout.home')}
          </NavLink>
          <NavLink to={PATHS.layout} data-testid="nav-personal-center">
            <UserIcon />
            {t('layout.personalCenter')}
          </NavLink>
        </nav>
        <ProductMenu />
      </div>
      <UserMenu />
    </header>
  );
}

import { Link } from 'react-router-dom';
import { PATHS } from '../../pages/paths';
import { useT } from '../../i18n/use-t';
import './layouts.css';
import { BrandMark } from '../icons';
import { ProductMenu } from './product-menu';
import { UserMenu } from './user-menu';

/** The old header of the nostalgia layout (SPEC §2): brand, classic badge, the product menu and the user menu. */
export function OldHeader() {
  const { t } = useT();
  return (
    <header className="old-header">
      <Link to={PATHS.info} className="brand">
        <BrandMark size={30} />
        <span className="brand-text">{t('common.appName')}</span>
        <span className="classic-badge">{t('layout.classicBadge')}</span>
      </Link>
      <div className="header-middle">
        <ProductMenu dark />
      </div>
      <UserMenu dark />
    </header>
  );
}

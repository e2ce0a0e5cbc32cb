import { Link } from 'react-router-dom';
import { PATHS } from '../../pages/paths';
import { useT } from '../../i18n/use-t';
import './layouts.css';
import { BrandMark } from '../icons';
import { ProductMenu } from './product-menu';
import { UserMenu } from './user-menu';

/** The card header of the card-mode home (SPEC §2): brand, the product menu and the user menu. */
export function CardHeader() {
  const { t } = useT();
  return (
    <header className="card-header">
      <Link to={PATHS.home} className="brand">
        <BrandMark size={32} />
        <span className="brand-text">{t('common.appName')}</span>
      </Link>
      <div className="header-middle">
        <ProductMenu />
      </div>
      <UserMenu />
    </header>
  );
}

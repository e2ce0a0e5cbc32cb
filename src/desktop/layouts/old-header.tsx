import { Link } from 'react-router-dom';
import { PATHS } from '../../pages/paths';
import { useT } from '../../i18n/use-t';
import './layouts.css';
import { BrandMark } from '../icons';
import { UserMenu } from './user-menu';

/** The old header of the nostalgia layout (SPEC §2): brand, classic badge and the user menu. */
export function OldHeader() {
  const { t } = useT();
  return (
    <header className="old-header">
      <Link to={PATHS.info} className="brand">
        <BrandMark size={30} />
        <span>{t('common.appName')}</span>
        <span className="classic-badge">{t('layout.classicBadge')}</span>
      </Link>
      <UserMenu dark />
    </header>
  );
}

import { Link } from 'react-router-dom';
import { useLayout } from '../../pages/layout/use-layout';
import { useT } from '../../i18n/use-t';
import { BrandMark } from '../brand-mark';
import { HomeIcon } from '../icons';
import { UserSheet } from './user-sheet';
import './layouts.css';

/**
 * The phone header: brand linking home and the user menu. Pages under the layout in the new UI also
 * show a labelled way home to the card home.
 */
export function MobileHeader({ homeLink = false }: { homeLink?: boolean }) {
  const { t } = useT();
  const layout = useLayout();
  return (
    <header className="m-header">
      <Link to={layout.homePath} className="m-brand">
        <BrandMark size={28} />
        <span>{t('common.appShortName')}</span>
      </Link>
      <div className="m-header-end">
        {homeLink && layout.showHomeLink && (
          <Link to={layout.homePath} className="m-home-link" data-testid="nav-home">
            <HomeIcon />
            {t('layout.home')}
          </Link>
        )}
        <UserSheet />
      </div>
    </header>
  );
}

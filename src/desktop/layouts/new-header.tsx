import { Button, Popover } from 'antd';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { isPersonalCentrePath } from '../../pages/layout/use-side-menu';
import { usePersonalCenterTour } from '../../pages/layout/use-personal-center-tour';
import { PATHS } from '../../pages/paths';
import { useT } from '../../i18n/use-t';
import './layouts.css';
import { BrandMark, HomeIcon, UserIcon } from '../icons';
import { ProductMenu } from './product-menu';
import { UserMenu } from './user-menu';

/**
 * The new header (SPEC §2) over the layout pages of the new UI: the brand and a work-table tab lead back
 * to the card home, the personal-centre tab marks where the user is (with the one-step tour bubble until it
 * is dismissed), the product menu and the user menu.
 */
export function NewHeader() {
  const { t } = useT();
  const tour = usePersonalCenterTour();
  const here = isPersonalCentrePath(useLocation().pathname);
  return (
    // While the bubble shows, the header keeps a band below its tabs for it (see layouts.css).
    <header className={tour.open ? 'new-header with-tour-bubble' : 'new-header'}>
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
          <Popover
            open={tour.open}
            // Below the tab, in the header's own band: beside the tab it covered the product tabs, and
            // below the header it covered the page's heading.
            placement="bottomLeft"
            arrow={{ pointAtCenter: true }}
            classNames={{ root: 'tour-bubble' }}
            // Under antd's dialogs (1000): a dialog opened before the bubble is dismissed covers it.
            zIndex={999}
            content={
              <div className="tour-bubble-body" data-testid="tour-personal-center">
                <p>{t('layout.tour.personalCenter')}</p>
                <Button type="primary" size="small" data-testid="tour-close" onClick={tour.close}>
                  {t('layout.tour.close')}
                </Button>
              </div>
            }
          >
            {/* Marked on the personal centre's own pages only, not on the administration's. */}
            <Link
              to={PATHS.layout}
              data-testid="nav-personal-center"
              className={here ? 'active' : undefined}
              aria-current={here ? 'page' : undefined}
            >
              <UserIcon />
              {t('layout.personalCenter')}
            </Link>
          </Popover>
        </nav>
        <ProductMenu />
      </div>
      <UserMenu />
    </header>
  );
}

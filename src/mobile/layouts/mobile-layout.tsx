import { Outlet } from 'react-router-dom';
import { MobileFooter } from './mobile-footer';
import { MobileHeader } from './mobile-header';
import { NoticeBanner } from './notice-banner';
import './layouts.css';

/**
 * The phone layout for personal pages (/layout/*): header with its way home, the announcement banner (as on
 * the home and on every desktop page; it stays mounted while the member moves between pages, so expanded
 * stays expanded, and closed stays closed for the session), page, footer.
 */
export function MobileLayout() {
  return (
    <div className="m-page" data-testid="mobile-layout">
      <MobileHeader homeLink />
      <NoticeBanner />
      <main className="m-content">
        <Outlet />
      </main>
      <MobileFooter />
    </div>
  );
}

import { Outlet } from 'react-router-dom';
import { MobileFooter } from './mobile-footer';
import { MobileHeader } from './mobile-header';
import './layouts.css';

/** The phone layout for personal pages (/layout/*): header with its way home, page, footer. */
export function MobileLayout() {
  return (
    <div className="m-page" data-testid="mobile-layout">
      <MobileHeader homeLink />
      <main className="m-content">
        <Outlet />
      </main>
      <MobileFooter />
    </div>
  );
}

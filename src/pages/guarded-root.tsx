import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { usePageTitle } from './use-page-title';
import { useAccountNoticesApply } from './session/use-account-notices-apply';
import { useIdleLock } from './session/use-idle-lock';
import { useRouteGuard } from './use-route-guard';
import { useSession } from './session/use-session';

// The watermark (when the organisation has one) loads only once someone is signed in.
const PortalWatermark = lazy(() =>
  import('./watermark/portal-watermark').then((m) => ({ default: m.PortalWatermark })),
);

/** Root route of both shells: applies the SPEC §2 guard, sets the page's title, renders the matched page. */
export function GuardedRoot({ waiting, overlay }: { waiting: ReactNode; overlay?: ReactNode }) {
  const decision = useRouteGuard();
  const { pathname } = useLocation();
  const notices = useAccountNoticesApply();
  const { session } = useSession();
  usePageTitle();
  // The screen lock after the idle time (SCREEN_LOCK_IDLE_MINUTES), on every page of a signed-in session.
  useIdleLock();
  switch (decision.kind) {
    case 'allow':
      // The account notices go over signed-in pages only, so their chunk never loads with the login.
      return (
        <>
          <Outlet />
          {notices && overlay}
          {session && (
            <Suspense fallback={null}>
              <PortalWatermark />
            </Suspense>
          )}
        </>
      );
    case 'redirect':
      // Keyed by the path: a redirect that stays mounted while the location moves on (a sign-in that
      // navigates after an await) would not navigate again, leaving a blank page at the new path.
      return <Navigate key={pathname} to={decision.to} replace />;
    default:
      return waiting;
  }
}

import { createHashRouter, Navigate } from 'react-router-dom';
import { PATHS } from '../pages/paths';
import { GuardedRoot, PageSpinner, RouteError } from './layouts/guarded-root';

/** The phone routes that have a real page, each a lazy chunk; any other path renders the 404 page. */
export function createMobileRouter() {
  return createHashRouter([
    {
      path: '/',
      element: <GuardedRoot />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        { index: true, element: <Navigate to={PATHS.login} replace /> },
        {
          path: 'login',
          lazy: () => import('./pages/login/login-page').then((m) => ({ Component: m.LoginPage })),
        },
        {
          path: 'cardModeIndex',
          lazy: () => import('./pages/home/home-page').then((m) => ({ Component: m.HomePage })),
        },
        {
          path: 'layout',
          lazy: () => import('./layouts/mobile-layout').then((m) => ({ Component: m.MobileLayout })),
          children: [
            { index: true, element: <Navigate to={PATHS.info} replace /> },
            {
              path: 'info',
              lazy: () =>
                import('./pages/account/basic-info-page').then((m) => ({ Component: m.BasicInfoPage })),
            },
          ],
        },
        {
          path: '401',
          lazy: () =>
            import('./pages/status/no-permission-page').then((m) => ({ Component: m.NoPermissionPage })),
        },
        {
          path: 'ipException',
          lazy: () =>
            import('./pages/status/ip-exception-page').then((m) => ({ Component: m.IpExceptionPage })),
        },
        {
          path: 'dingding',
          lazy: () => import('./pages/status/host-entry-page').then((m) => ({ Component: m.DingdingPage })),
        },
        {
          path: 'feishu',
          lazy: () => import('./pages/status/host-entry-page').then((m) => ({ Component: m.FeishuPage })),
        },
        {
          path: '*',
          lazy: () => import('./pages/status/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
        },
      ],
    },
  ]);
}

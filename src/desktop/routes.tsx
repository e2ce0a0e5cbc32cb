import { createHashRouter } from 'react-router-dom';
import { createRouteTable } from '../pages/route-table';
import { PageSpinner, RouteError } from './layouts/route-status';

/** The desktop router: the shared route table with antd pages. */
export function createDesktopRouter() {
  return createHashRouter(
    createRouteTable({
      error: <RouteError />,
      fallback: <PageSpinner />,
      pages: {
        login: () => import('./pages/login/login-page').then((m) => m.LoginPage),
        home: () => import('./pages/home/home-page').then((m) => m.HomePage),
        layout: () => import('./layouts/nostalgia-layout').then((m) => m.NostalgiaLayout),
        basicInfo: () => import('./pages/account/basic-info-page').then((m) => m.BasicInfoPage),
        noPermission: () => import('./pages/status/no-permission-page').then((m) => m.NoPermissionPage),
        ipException: () => import('./pages/status/ip-exception-page').then((m) => m.IpExceptionPage),
        dingding: () => import('./pages/status/host-entry-page').then((m) => m.DingdingPage),
        feishu: () => import('./pages/status/host-entry-page').then((m) => m.FeishuPage),
        notFound: () => import('./pages/status/not-found-page').then((m) => m.NotFoundPage),
      },
    }),
  );
}

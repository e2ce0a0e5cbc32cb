import type { ComponentType, ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { GuardedRoot } from './guarded-root';
import { PATHS } from './paths';

/** Loads one page's chunk; each shell points these at its own antd or antd-mobile page. */
type PageLoader = () => Promise<ComponentType>;

/** What a shell brings to the route table: its pages, its error boundary and its spinner. */
export interface ShellRoutes {
  error: ReactNode;
  fallback: ReactNode;
  pages: {
    login: PageLoader;
    home: PageLoader;
    layout: PageLoader;
    basicInfo: PageLoader;
    noPermission: PageLoader;
    ipException: PageLoader;
    dingding: PageLoader;
    feishu: PageLoader;
    notFound: PageLoader;
  };
}

const lazyPage = (load: PageLoader) => async () => ({ Component: await load() });

/**
 * The routes of SPEC §2 that have a real page, the same for both shells so they cannot drift apart.
 * Every page is its own lazy chunk; any other path renders the 404 page.
 */
export function createRouteTable({ error, fallback, pages }: ShellRoutes): RouteObject[] {
  const segment = (path: string) => path.replace(/^\//, '');
  return [
    {
      path: PATHS.root,
      element: <GuardedRoot waiting={fallback} />,
      errorElement: error,
      hydrateFallbackElement: fallback,
      children: [
        { index: true, element: <Navigate to={PATHS.login} replace /> },
        { path: segment(PATHS.login), lazy: lazyPage(pages.login) },
        { path: segment(PATHS.home), lazy: lazyPage(pages.home) },
        {
          path: segment(PATHS.layout),
          lazy: lazyPage(pages.layout),
          children: [
            { index: true, element: <Navigate to={PATHS.info} replace /> },
            { path: 'info', lazy: lazyPage(pages.basicInfo) },
          ],
        },
        { path: segment(PATHS.noPermission), lazy: lazyPage(pages.noPermission) },
        { path: segment(PATHS.ipException), lazy: lazyPage(pages.ipException) },
        { path: segment(PATHS.dingding), lazy: lazyPage(pages.dingding) },
        { path: segment(PATHS.feishu), lazy: lazyPage(pages.feishu) },
        { path: '*', lazy: lazyPage(pages.notFound) },
      ],
    },
  ];
}

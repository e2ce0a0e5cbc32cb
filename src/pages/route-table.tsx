import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Navigate, type NonIndexRouteObject, type RouteObject, useRoutes } from 'react-router-dom';
import { HOST_PLATFORMS, type HostPlatform, PRODUCT_CODES } from '../../domain/constants';
import { helpDocPlatform, helpDocRouteName } from '../../domain/rules/help-docs';
import type { ClientConfig } from '../../domain/schemas/client-config';
import { loadCompleteCatalogue } from '../i18n/i18n';
import { GuardedRoot } from './guarded-root';
import { RouteErrorBoundary } from './route-error-boundary';
import { PATHS, routeMeta } from './paths';

/**
 * Loads one page's chunk; each shell points these at its own antd or antd-mobile page. `loaded` is set on a
 * page its shell's chunk already holds (loadedPage).
 */
type PageLoader = (() => Promise<ComponentType>) & { loaded?: ComponentType };

/**
 * A page its shell's own chunk carries (the login: the first paint needs it anyway), which the route renders
 * at once. A lazy page would suspend for a frame even when its chunk is in, showing the spinner, and React
 * then holds the page back until the spinner has shown for 300 ms (its fallback throttle). Only for a page
 * that needs no more than the first paint's strings: the others load the rest of the catalogue first.
 */
export function loadedPage(page: ComponentType): PageLoader {
  return Object.assign(async () => page, { loaded: page });
}

/** The pages every shell brings, by name. */
type PageName =
  | 'login'
  | 'home'
  | 'layout'
  | 'basicInfo'
  | 'personalInfo'
  | 'changePassword'
  | 'loginLog'
  | 'signature'
  | 'noPermission'
  | 'noAuth'
  | 'ipException'
  | HostPlatform
  | 'ldapSetting'
  | 'messagePush'
  | 'reset'
  | 'modifyPassword'
  | 'mobileVerify'
  | 'applyTrial'
  | 'regFlow'
  | 'lock'
  | 'trialSignIn'
  | 'document'
  | 'appPage'
  | 'helpDoc'
  | 'sso'
  | 'ssoError'
  | 'ssoLogout'
  | 'notFound';

/**
 * Pages only the desktop shell has: the organisation administrator's screens (SPEC §2 and DESIGN §8 give
 * them no phone variant). In a shell without one, its path renders the 404 page once the guard let it by.
 */
type DesktopPageName =
  | 'orgInfo'
  | 'orgDpt'
  | 'members'
  | 'memberHistory'
  | 'authorize'
  | 'operationLog'
  | 'orgLoginLog'
  | 'activeUsers'
  | 'esignSetting'
  | 'appCredential'
  | 'interfaceMonitor'
  | 'labelTemplates'
  | 'selectTemplate'
  | 'labelDesigner'
  | 'labelPrint'
  | 'monomerLib'
  | 'ssoAuth';
const DESKTOP_ONLY: ReadonlySet<string> = new Set<DesktopPageName>([
  'orgInfo',
  'orgDpt',
  'authorize',
  'members',
  'memberHistory',
  'operationLog',
  'orgLoginLog',
  'activeUsers',
  'esignSetting',
  'appCredential',
  'interfaceMonitor',
  'labelTemplates',
  'selectTemplate',
  'labelDesigner',
  'labelPrint',
  'monomerLib',
  'ssoAuth',
]);

/** What a shell brings to the route table: its pages, its error boundary and its spinner. */
export interface ShellRoutes {
  error: ReactNode;
  fallback: ReactNode;
  /** The account notices over signed-in pages (a lazy chunk: the security notice, the logout reminder). */
  accountNotices?: ReactNode;
  pages: Record<PageName, PageLoader> & Partial<Record<DesktopPageName, PageLoader>>;
}

/** Top-level paths with a page, in the order they are matched. */
const TOP_PAGES: ReadonlyArray<readonly [path: string, page: PageName]> = [
  [PATHS.login, 'login'],
  [PATHS.home, 'home'],
  [PATHS.layout, 'layout'],
  [PATHS.noPermission, 'noPermission'],
  [PATHS.noAuth, 'noAuth'],
  [PATHS.ipException, 'ipException'],
  ...HOST_PLATFORMS.map((host) => [PATHS[host], host] as const),
  [PATHS.reset, 'reset'],
  [PATHS.modifyPsw, 'modifyPassword'],
  [PATHS.mobileVerify, 'mobileVerify'],
  [PATHS.applyTrial, 'applyTrial'],
  [PATHS.regFlow, 'regFlow'],
  [PATHS.lock, 'lock'],
  [PATHS.trial, 'trialSignIn'],
  [PATHS.sso, 'sso'],
  [PATHS.ssoError, 'ssoError'],
  [PATHS.ssoLogout, 'ssoLogout'],
  // The public documents: one page that shows the document its path names.
  [PATHS.agreement, 'document'],
  [PATHS.privacy, 'document'],
  [PATHS.disclaimer, 'document'],
  [PATHS.sdk, 'document'],
  [PATHS.appPermissions, 'document'],
  [PATHS.company, 'document'],
  [PATHS.contact, 'document'],
  // The app-download module: download pages and product introductions, one page for all.
  [PATHS.app, 'appPage'],
  [PATHS.appCims, 'appPage'],
  [PATHS.appEdm, 'appPage'],
  [PATHS.appPm, 'appPage'],
  [PATHS.appMm, 'appPage'],
  [PATHS.appIm, 'appPage'],
  [PATHS.introCims, 'appPage'],
  [PATHS.introEdm, 'appPage'],
  // Help documents, one route per platform (/eln/:a/:b, named eln_doc); the guard lets only members in.
  ...PRODUCT_CODES.map((code) => [`/${helpDocPlatform(code)}/:a/:b`, 'helpDoc'] as const),
];

/** The route names of the help-doc routes (SPEC §2: platform plus _doc), by path. */
const ROUTE_IDS: ReadonlyMap<string, string> = new Map(
  PRODUCT_CODES.map((code) => [`/${helpDocPlatform(code)}/:a/:b`, helpDocRouteName(code)]),
);

/** Pages nested in the layout (SPEC §2), by full path; the layout's index goes to the first. */
const LAYOUT_PAGES: ReadonlyArray<readonly [path: string, page: PageName | DesktopPageName]> = [
  [PATHS.info, 'basicInfo'],
  [PATHS.person, 'personalInfo'],
  [PATHS.password, 'changePassword'],
  [PATHS.loginLog, 'loginLog'],
  [PATHS.systemSetting, 'ldapSetting'],
  [PATHS.member, 'members'],
  [PATHS.history, 'memberHistory'],
  [PATHS.orgInfo, 'orgInfo'],
  [PATHS.orgDpt, 'orgDpt'],
  [PATHS.authorize, 'authorize'],
  [PATHS.operationLog, 'operationLog'],
  [PATHS.orgLoginLog, 'orgLoginLog'],
  [PATHS.statistics, 'activeUsers'],
  [PATHS.messagePush, 'messagePush'],
  [PATHS.appCredential, 'appCredential'],
  [PATHS.interfaceMonitor, 'interfaceMonitor'],
  [PATHS.ssoAuth, 'ssoAuth'],
  [PATHS.signature, 'signature'],
  [PATHS.esignSetting, 'esignSetting'],
  [PATHS.tagsDesign, 'labelTemplates'],
  [PATHS.selectTemplate, 'selectTemplate'],
  [PATHS.designTemplate, 'labelDesigner'],
  [PATHS.labelPrint, 'labelPrint'],
  [PATHS.monomerLib, 'monomerLib'],
];

/** Every path that has a page in both shells: a link to any other path would end on the 404 page. */
export const PAGE_PATHS: ReadonlySet<string> = new Set(
  [...TOP_PAGES, ...LAYOUT_PAGES].filter(([, name]) => !DESKTOP_ONLY.has(name)).map(([path]) => path),
);

/**
 * Every path that has a page, with the page's name and whether only the desktop shell has it (a phone
 * renders 404 there): what the browser test that walks every page enumerates, so a new page is walked too.
 */
export function routedPages(): Array<{ path: string; page: string; desktopOnly: boolean }> {
  return [...TOP_PAGES, ...LAYOUT_PAGES].map(([path, page]) => ({
    path,
    page,
    desktopOnly: DESKTOP_ONLY.has(page),
  }));
}

/**
 * Where a link to `path` may point, or null to hide it: the page must exist in this client and its module
 * must be switched on for this deployment (e.g. /reset, /applyTrial), so no link leads to a 404.
 */
export function reachablePath(
  path: string,
  modules: ClientConfig['modules'],
  pages: ReadonlySet<string> = PAGE_PATHS,
): string | null {
  if (!pages.has(path)) return null;
  return routeMeta(path, modules)?.exclude ? null : path;
}

/**
 * A page whose chunk loads the first time it renders, with the shell's spinner meanwhile. Pages past the
 * login load the rest of the catalogue beside their chunk (the login page has its strings already). A
 * loadedPage on the first paint's strings renders at once.
 */
function lazyPage(load: PageLoader, fallback: ReactNode, strings: 'firstPaint' | 'complete'): ReactNode {
  if (load.loaded && strings === 'firstPaint') {
    const Loaded = load.loaded;
    return <Loaded />;
  }
  const Page = lazy(async () => {
    const [component] = await Promise.all([load(), strings === 'complete' ? loadCompleteCatalogue() : null]);
    return { default: component };
  });
  return (
    <Suspense fallback={fallback}>
      <Page />
    </Suspense>
  );
}

/** A path below `parent` without the parent's prefix, as react-router nests it. */
const relative = (path: string, parent = '') => path.slice(parent.length).replace(/^\//, '');

/**
 * The routes of SPEC §2 that have a real page, the same for both shells so they cannot drift apart.
 * Every page is its own lazy chunk; any other path renders the 404 page. The table is for `useRoutes`
 * under a plain HashRouter: the data router's loaders and actions are not used, and leaving them out
 * keeps about 15 KB (gzipped) of react-router off the first paint.
 */
export function createRouteTable({ error, fallback, pages, accountNotices }: ShellRoutes): RouteObject[] {
  const page = (
    [path, name]: readonly [string, PageName | DesktopPageName],
    parent?: string,
  ): NonIndexRouteObject => ({
    id: ROUTE_IDS.get(path),
    path: relative(path, parent),
    element: lazyPage(pages[name] ?? pages.notFound, fallback, name === 'login' ? 'firstPaint' : 'complete'),
  });
  return [
    {
      path: PATHS.root,
      element: (
        <RouteErrorBoundary fallback={error}>
          <GuardedRoot waiting={fallback} overlay={accountNotices} />
        </RouteErrorBoundary>
      ),
      children: [
        { index: true, element: <Navigate to={PATHS.login} replace /> },
        { path: relative(PATHS.register), element: <Navigate to={PATHS.applyTrial} replace /> },
        ...TOP_PAGES.map((row): RouteObject =>
          row[0] === PATHS.layout
            ? {
                ...page(row),
                children: [
                  { index: true, element: <Navigate to={LAYOUT_PAGES[0][0]} replace /> },
                  ...LAYOUT_PAGES.filter(([, name]) => pages[name]).map((child) => page(child, PATHS.layout)),
                ],
              }
            : page(row),
        ),
        { path: '*', element: lazyPage(pages.notFound, fallback, 'complete') },
      ],
    },
  ];
}

/** Renders the route table at the current location (inside the shell's HashRouter). */
export function RouteTable({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

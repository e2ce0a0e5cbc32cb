import { HOST_PLATFORMS, type HostPlatform, type UiVersion } from '../../domain/constants';
import { parseHelpDocPath } from '../../domain/rules/help-docs';
import type { ClientConfig } from '../../domain/schemas/client-config';

/** Every hash route of the client (SPEC §2). Only some have a page yet; the rest render the 404 page. */
export const PATHS = {
  root: '/',
  login: '/login',
  home: '/cardModeIndex',
  layout: '/layout',
  info: '/layout/info',
  person: '/layout/person',
  password: '/layout/password',
  loginLog: '/layout/loginlog',
  systemSetting: '/layout/systemSetting',
  member: '/layout/member',
  history: '/layout/history',
  orgInfo: '/layout/orgInfo',
  orgDpt: '/layout/orgDpt',
  authorize: '/layout/authorize',
  operationLog: '/layout/operationLog',
  orgLoginLog: '/layout/orgLoginLog',
  statistics: '/layout/statistics',
  messagePush: '/layout/messagePush',
  appCredential: '/layout/appCredential',
  interfaceMonitor: '/layout/interfaceMonitor',
  signature: '/layout/signature',
  esignSetting: '/layout/esignSetting',
  tagsDesign: '/layout/tagsDesign',
  selectTemplate: '/layout/tagsDesign/selectTemplate',
  designTemplate: '/layout/tagsDesign/designTemplate/:id',
  labelPrint: '/layout/tagsDesign/print/:id',
  monomerLib: '/layout/monomerLib',
  noPermission: '/401',
  noAuth: '/noAuth',
  notFound: '/404',
  ipException: '/ipException',
  /** DingTalk's entry; SPEC names the route /dingding. */
  dingtalk: '/dingding',
  feishu: '/feishu',
  wecom: '/wecom',
  wechat: '/wechat',
  reset: '/reset',
  applyTrial: '/applyTrial',
  register: '/register',
  trial: '/trial',
  regFlow: '/regFlow',
  sso: '/sso',
  ssoError: '/sso/error',
  ssoLogout: '/sso/logout',
  ssoAuth: '/layout/sso/auth',
  agreement: '/agreement',
  privacy: '/privacy',
  disclaimer: '/disclaimer',
  sdk: '/sdk',
  appPermissions: '/app_permission_requests',
  company: '/company',
  contact: '/contact',
  modifyPsw: '/modifyPsw',
  mobileVerify: '/mobileVerify',
  lock: '/lock',
  app: '/app',
  appCims: '/app/cims',
  appEdm: '/app/edm',
  appPm: '/app/pm',
  appMm: '/app/mm',
  appIm: '/app/im',
  introCims: '/cims',
  introEdm: '/edm',
} as const;

/** What the route guard needs to know about a route. */
export interface RouteMeta {
  needsLogin: boolean;
  /** Menu code that must be authorised in the user's menu tree (SPEC §2 nested pages). */
  menuCode?: string;
  /** Switched off for this deployment: the guard answers 404. */
  exclude?: boolean;
}

const PUBLIC: RouteMeta = { needsLogin: false };
const MEMBER: RouteMeta = { needsLogin: true };

/** The chat hosts that sign people in by themselves, by platform kind (domain's one list of hosts). */
export type HostKind = HostPlatform;

/** Guard facts per route. Unknown paths are absent: they render the 404 page. */
const ROUTE_META: Record<string, RouteMeta> = {
  [PATHS.login]: PUBLIC,
  [PATHS.noPermission]: PUBLIC,
  [PATHS.notFound]: PUBLIC,
  [PATHS.ipException]: PUBLIC,
  ...Object.fromEntries(HOST_PLATFORMS.map((host) => [PATHS[host], PUBLIC])),
  [PATHS.reset]: PUBLIC,
  [PATHS.applyTrial]: PUBLIC,
  [PATHS.register]: PUBLIC,
  [PATHS.trial]: PUBLIC,
  [PATHS.regFlow]: PUBLIC,
  [PATHS.sso]: PUBLIC,
  [PATHS.ssoError]: PUBLIC,
  [PATHS.ssoLogout]: PUBLIC,
  [PATHS.ssoAuth]: { needsLogin: true, menuCode: 'ssoAuth' },
  [PATHS.agreement]: PUBLIC,
  [PATHS.privacy]: PUBLIC,
  [PATHS.disclaimer]: PUBLIC,
  [PATHS.sdk]: PUBLIC,
  [PATHS.appPermissions]: PUBLIC,
  [PATHS.company]: PUBLIC,
  [PATHS.contact]: PUBLIC,
  // The security verification after a right password: signed out still, it holds the sign-in's challenge.
  [PATHS.mobileVerify]: PUBLIC,
  // The app download pages and the product introductions: public, and 404 while the module is off.
  [PATHS.app]: PUBLIC,
  [PATHS.appCims]: PUBLIC,
  [PATHS.appEdm]: PUBLIC,
  [PATHS.appPm]: PUBLIC,
  [PATHS.appMm]: PUBLIC,
  [PATHS.appIm]: PUBLIC,
  [PATHS.introCims]: PUBLIC,
  [PATHS.introEdm]: PUBLIC,
  // The screen lock: signed in, and the only page a locked session reaches.
  [PATHS.lock]: MEMBER,
  // A signed-in member who opened a product or page they are not authorised for (SPEC §2).
  [PATHS.noAuth]: MEMBER,
  [PATHS.home]: MEMBER,
  [PATHS.layout]: MEMBER,
  [PATHS.info]: { needsLogin: true, menuCode: 'info' },
  [PATHS.person]: { needsLogin: true, menuCode: 'person' },
  [PATHS.password]: { needsLogin: true, menuCode: 'password' },
  [PATHS.loginLog]: { needsLogin: true, menuCode: 'loginLog' },
  [PATHS.systemSetting]: { needsLogin: true, menuCode: 'systemSetting' },
  [PATHS.member]: { needsLogin: true, menuCode: 'member' },
  [PATHS.history]: { needsLogin: true, menuCode: 'history' },
  [PATHS.orgInfo]: { needsLogin: true, menuCode: 'orgInfo' },
  [PATHS.orgDpt]: { needsLogin: true, menuCode: 'orgDpt' },
  [PATHS.authorize]: { needsLogin: true, menuCode: 'authorize' },
  [PATHS.operationLog]: { needsLogin: true, menuCode: 'operationLog' },
  [PATHS.orgLoginLog]: { needsLogin: true, menuCode: 'orgLoginLog' },
  [PATHS.statistics]: { needsLogin: true, menuCode: 'statistics' },
  [PATHS.messagePush]: { needsLogin: true, menuCode: 'messagePush' },
  [PATHS.appCredential]: { needsLogin: true, menuCode: 'appCredential' },
  [PATHS.interfaceMonitor]: { needsLogin: true, menuCode: 'interfaceMonitor' },
  [PATHS.signature]: { needsLogin: true, menuCode: 'signature' },
  [PATHS.esignSetting]: { needsLogin: true, menuCode: 'esignSetting' },
  [PATHS.tagsDesign]: { needsLogin: true, menuCode: 'tagsDesign' },
  [PATHS.selectTemplate]: { needsLogin: true, menuCode: 'tagsDesign' },
  [PATHS.monomerLib]: { needsLogin: true, menuCode: 'monomerLib' },
  // The standalone password change needs the signed-in user and no menu code: it is where a forced change
  // lands, before the menus may be read. A change the member chose is the personal centre's /layout/password.
  [PATHS.modifyPsw]: MEMBER,
};

/** Pages that exist, by menu code: the side menu shows only these. */
export const MENU_PAGES: Record<string, string> = {
  info: PATHS.info,
  person: PATHS.person,
  password: PATHS.password,
  loginLog: PATHS.loginLog,
  systemSetting: PATHS.systemSetting,
  member: PATHS.member,
  history: PATHS.history,
  orgInfo: PATHS.orgInfo,
  orgDpt: PATHS.orgDpt,
  authorize: PATHS.authorize,
  operationLog: PATHS.operationLog,
  orgLoginLog: PATHS.orgLoginLog,
  statistics: PATHS.statistics,
  messagePush: PATHS.messagePush,
  appCredential: PATHS.appCredential,
  interfaceMonitor: PATHS.interfaceMonitor,
  ssoAuth: PATHS.ssoAuth,
  signature: PATHS.signature,
  esignSetting: PATHS.esignSetting,
  tagsDesign: PATHS.tagsDesign,
  monomerLib: PATHS.monomerLib,
};

/** The label designer and print pages of one template (/layout/tagsDesign/designTemplate/{id}, .../print/{id}). */
const LABEL_TEMPLATE_PAGE = /^\/layout\/tagsDesign\/(?:designTemplate|print)\/[^/]+$/;
const labelPageMeta = (path: string): RouteMeta | undefined =>
  LABEL_TEMPLATE_PAGE.test(path) ? { needsLogin: true, menuCode: 'tagsDesign' } : undefined;

/** A template's designer page. */
export const designTemplatePath = (id: string) => PATHS.designTemplate.replace(':id', encodeURIComponent(id));
/** A template's print page (issue #20 names it /#/layout/tagsDesign/print/{id}). */
export const labelPrintPath = (id: string) => PATHS.labelPrint.replace(':id', encodeURIComponent(id));

/** The guard facts of a path, with module switches of this deployment applied. */
export function routeMeta(path: string, modules: ClientConfig['modules']): RouteMeta | undefined {
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const meta = ROUTE_META[normalised] ?? (parseHelpDocPath(normalised) ? MEMBER : labelPageMeta(normalised));
  if (!meta) return undefined;
  if (APP_DOWNLOAD_PATHS.has(normalised) && !modules.appDownload) return { ...meta, exclude: true };
  if (normalised === PATHS.reset && !modules.reset) return { ...meta, exclude: true };
  // The trial module: the application, the registration flow and the trial sign-in.
  const registration: string[] = [PATHS.applyTrial, PATHS.register, PATHS.regFlow, PATHS.trial];
  if (registration.includes(normalised) && !modules.register) {
    return { ...meta, exclude: true };
  }
  return meta;
}

/** The pages of the app-download module (SPEC §2): the download pages and the product introductions. */
const APP_DOWNLOAD_PATHS: ReadonlySet<string> = new Set([
  PATHS.app,
  PATHS.appCims,
  PATHS.appEdm,
  PATHS.appPm,
  PATHS.appMm,
  PATHS.appIm,
  PATHS.introCims,
  PATHS.introEdm,
]);

/** Where a signed-in user lands: the card home, or basic info in the nostalgia UI. */
export function homePath(uiVersion: UiVersion | '' | null | undefined): string {
  return uiVersion === 'NOSTALGIA' ? PATHS.info : PATHS.home;
}

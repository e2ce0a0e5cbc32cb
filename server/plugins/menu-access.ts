import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../errors';
import type { Repositories } from '../repositories';
import { accessibleCodesOf } from '../services/menu-access-service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The menu code (SPEC §2) whose page this endpoint serves: a signed-in user whose menus do not include
     * it (the audience, or an administrator hid it from their role type or from them) gets 403, as the
     * client sends them to /401. Set here from ROUTE_MENUS, or by the route itself.
     */
    menu?: string;
  }
}

/** One endpoint (or family, `prefix`) of a page: its methods ('*': any), path in lower case, menu code. */
export interface RouteMenu {
  code: string;
  methods: readonly string[] | '*';
  url: string;
  prefix?: boolean;
}

const CHANGES = ['POST', 'PUT', 'DELETE', 'PATCH'] as const;

/**
 * The endpoints each page of the layout calls, by menu code: one table, so a page hidden in the menu tree
 * is refused here too. Endpoints several pages read (the member list the pickers use, the department
 * tree, the logo shown in headers) carry no code: hiding one page must not break another.
 */
export const ROUTE_MENUS: readonly RouteMenu[] = [
  // The personal list only: the organisation's list names its own code (orgLoginLog), and the export is
  // called from both pages (administrators only), so it carries none.
  { code: 'loginLog', methods: ['POST'], url: '/api/loginlog/page' },
  // The signature page's own changes; GET Esign and VerifyEsignPassword serve products too and carry none.
  { code: 'signature', methods: ['POST'], url: '/api/esign/verifyloginpassword/', prefix: true },
  { code: 'signature', methods: ['POST'], url: '/api/esign/modify/', prefix: true },
  { code: 'signature', methods: ['POST'], url: '/api/enableassociatedloginpassword/', prefix: true },
  { code: 'signature', methods: ['POST'], url: '/api/esign/enableassociatedloginpassword/', prefix: true },
  { code: 'orgInfo', methods: ['GET'], url: '/api/organization/my' },
  { code: 'orgInfo', methods: ['PUT'], url: '/api/organization/:id' },
  { code: 'orgInfo', methods: ['GET'], url: '/api/organization/platforminfo' },
  { code: 'orgInfo', methods: ['GET'], url: '/api/organization/authorizeinfo' },
  { code: 'orgInfo', methods: ['POST'], url: '/api/organization/logo' },
  { code: 'orgDpt', methods: CHANGES, url: '/api/department', prefix: true },
  { code: 'member', methods: ['POST'], url: '/api/account' },
  { code: 'member', methods: ['PUT'], url: '/api/account/modify/:id' },
  { code: 'member', methods: ['PUT'], url: '/api/account/resetpwdlock/:id' },
  { code: 'member', methods: ['POST'], url: '/api/account/setmanager' },
  { code: 'member', methods: ['POST'], url: '/api/account/remove' },
  { code: 'member', methods: ['POST'], url: '/api/account/initpassword' },
  { code: 'member', methods: ['POST'], url: '/api/account/changedept' },
  { code: 'member', methods: '*', url: '/api/account/import', prefix: true },
  { code: 'history', methods: '*', url: '/api/accountshistory/', prefix: true },
  { code: 'systemSetting', methods: '*', url: '/api/organizationconfig/ldap', prefix: true },
  { code: 'systemSetting', methods: '*', url: '/api/organizationconfig/secondaryverification' },
  { code: 'systemSetting', methods: '*', url: '/api/watermark' },
  { code: 'systemSetting', methods: '*', url: '/api/watermark/swith' },
  { code: 'messagePush', methods: '*', url: '/api/organizationopenness/messagepush/', prefix: true },
  { code: 'authorize', methods: '*', url: '/api/account/authorize' },
  { code: 'authorize', methods: '*', url: '/api/account/authorize/', prefix: true },
  { code: 'authorize', methods: '*', url: '/api/menu/tree' },
  { code: 'authorize', methods: '*', url: '/api/menu/users' },
  { code: 'authorize', methods: '*', url: '/api/menu/user/save' },
];

/** The menu code of an endpoint, or undefined when no page owns it. */
export function menuOfRoute(method: string, url: string): string | undefined {
  const path = url.toLowerCase();
  const upper = method.toUpperCase();
  return ROUTE_MENUS.find(
    (entry) =>
      (entry.methods === '*' || entry.methods.includes(upper)) &&
      (entry.prefix ? path.startsWith(entry.url) : path === entry.url),
  )?.code;
}

/**
 * Gives every route its page's menu code as it is registered, and refuses a signed-in user whose menus
 * lack it, from the same settings the menu tree reads. Register after the session plugin and before the
 * routes.
 */
export const menuAccessPlugin = fp<{ repos: Repositories }>(async (app: FastifyInstance, { repos }) => {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const code = route.config?.menu ?? methods.map((method) => menuOfRoute(method, route.url)).find(Boolean);
    if (code) route.config = { ...route.config, menu: code };
  });

  app.addHook('preValidation', async (request) => {
    const code = request.routeOptions.config.menu;
    if (!code || !request.session || request.routeOptions.config.access === 'public') return;
    const { orgId, accountId, isOrgAdmin } = request.session;
    const codes = await accessibleCodesOf(repos, orgId, accountId, isOrgAdmin);
    if (!codes.has(code)) throw new ApiError(403, 'errors.auth.noPermission');
  });
});

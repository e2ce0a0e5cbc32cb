import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Language } from '../../domain/constants';
import { translateIfKnown } from '../core/translate';
import {
  ALWAYS_ON_MENUS,
  accessibleCodes,
  type AuthorisedMenu,
  authoriseMenus,
  configurableMenus,
  MENU_CATALOGUE,
  type MenuAccess,
  OPEN_MENU_ACCESS,
} from '../../domain/rules/menu-tree';
import { emptyDataSchema, envelopeSchema, withFailures } from '../../domain/schemas/common';
import {
  menuAccessTreeSchema,
  menuSaveSchema,
  type MenuTreeItem,
  menuTreeQuerySchema,
  menuTreeSchema,
  menuUsersQuerySchema,
  menuUsersSchema,
} from '../../domain/schemas/menus';
import { ApiError } from '../core/errors';
import { ok } from '../plugins/envelope';
import { changeContextOf, requireSession } from '../plugins/session';
import { menuAccessOf, roleOf, saveMenuAccess } from '../services/menu-access-service';
import type { RouteDeps } from './route-deps';

function toTreeItems(menus: AuthorisedMenu[], language: Language): MenuTreeItem[] {
  return menus.map((menu) => ({
    Code: menu.code,
    Name: translateIfKnown(language, `menus.${menu.code}`),
    HasAuth: menu.hasAuth,
    Children: toTreeItems(menu.children, language),
  }));
}

const readStatuses = [400, 401, 403, 404, 500] as const;

/**
 * Menus (SPEC §7): the signed-in user's menu tree with HasAuth per page, and the administrators'
 * menu-page access: Menu/tree (a role type's or a member's menus), Menu/users (who may open a menu) and
 * Menu/user/save. The tree and the server's route check read the same settings (menu-access plugin).
 */
export const menusRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, repos, now }) => {
  app.get(
    '/api/Menu/user/tree',
    { schema: { response: withFailures({ 200: envelopeSchema(menuTreeSchema) }, [400, 401, 403, 500]) } },
    async (request) => {
      const session = requireSession(request);
      const access = await menuAccessOf(repos, session.orgId, session.accountId, session.isOrgAdmin);
      return ok(toTreeItems(authoriseMenus(MENU_CATALOGUE, session.isOrgAdmin, access), request.language));
    },
  );

  app.get(
    '/api/Menu/tree',
    {
      config: { access: 'admin', menu: 'authorize' },
      schema: {
        querystring: menuTreeQuerySchema,
        response: withFailures({ 200: envelopeSchema(menuAccessTreeSchema) }, readStatuses),
      },
    },
    async (request) => {
      const { orgId } = requireSession(request);
      const { roleType, accountId } = request.query;
      const hidden = await repos.menuAccess.hiddenFor(orgId, roleType);
      let access: MenuAccess = { ...OPEN_MENU_ACCESS, hidden };
      if (accountId !== undefined) {
        const [member] = await repos.members.findMembers(orgId, [accountId]);
        if (!member) throw new ApiError(404, 'errors.request.notFound');
        if (roleOf(member.is_org_admin) !== roleType) throw new ApiError(400, 'errors.menuAccess.wrongRole');
        const overrides = (await repos.menuAccess.overridesOf(orgId, [accountId])).get(accountId);
        access = { hidden, overrides: overrides ?? new Map() };
      }
      const tree = authoriseMenus(configurableMenus(MENU_CATALOGUE, roleType), roleType === 'admin', access);
      return ok({
        Tree: toTreeItems(tree, request.language),
        Custom: access.overrides.size > 0,
        AlwaysOn: [...ALWAYS_ON_MENUS],
      });
    },
  );

  app.get(
    '/api/Menu/users',
    {
      config: { access: 'admin', menu: 'authorize' },
      schema: {
        querystring: menuUsersQuerySchema,
        response: withFailures({ 200: envelopeSchema(menuUsersSchema) }, readStatuses),
      },
    },
    async (request) => {
      const { orgId } = requireSession(request);
      const { roleType, menuId, keyword, pageIndex, pageSize } = request.query;
      const isAdmin = roleType === 'admin';
      const [page, hidden] = await Promise.all([
        repos.members.page(orgId, { keyword, isAdmin }, pageIndex, pageSize),
        repos.menuAccess.hiddenFor(orgId, roleType),
      ]);
      const ids = page.rows.map((row) => Number(row.id));
      const overrides = await repos.menuAccess.overridesOf(orgId, ids);
      return ok({
        total: page.total,
        rows: page.rows.map((row) => {
          const own = overrides.get(Number(row.id)) ?? new Map<string, boolean>();
          const codes = accessibleCodes(MENU_CATALOGUE, isAdmin, { hidden, overrides: own });
          return {
            ID: Number(row.id),
            RealName: row.real_name,
            Account: row.email ?? row.mobile ?? '',
            HasAuth: menuId === undefined || codes.has(menuId),
            Custom: own.size > 0,
          };
        }),
      });
    },
  );

  app.post(
    '/api/Menu/user/save',
    {
      config: { access: 'admin', menu: 'authorize' },
      schema: {
        body: menuSaveSchema,
        response: withFailures(
          { 200: envelopeSchema(emptyDataSchema) },
          [400, 401, 403, 404, 409, 413, 415, 500],
        ),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const { RoleType, Codes, AccountIDs, Inherit } = request.body;
      await saveMenuAccess(changeContextOf(db, session, now()), {
        role: RoleType,
        codes: Codes,
        accountIds: AccountIDs,
        inherit: Inherit,
      });
      return ok(null);
    },
  );
};

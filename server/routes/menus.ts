import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Language } from '../../domain/constants';
import { translateIfKnown } from '../core/translate';
import { ALWAYS_ON_MENUS, type AuthorisedMenu } from '../../domain/rules/menu-tree';
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
import { ok } from '../plugins/envelope';
import { changeContextOf, requireSession } from '../plugins/session';
import { saveMenuAccess } from '../services/menu-access-service';
import { menuUsersPage, ownMenus, roleMenus } from '../services/menu-tree-service';
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
export const menusRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  app.get(
    '/api/Menu/user/tree',
    { schema: { response: withFailures({ 200: envelopeSchema(menuTreeSchema) }, [400, 401, 403, 500]) } },
    async (request) => ok(toTreeItems(await ownMenus(db, requireSession(request)), request.language)),
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
      const { tree, custom } = await roleMenus(db, requireSession(request).orgId, request.query);
      return ok({
        Tree: toTreeItems(tree, request.language),
        Custom: custom,
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
    async (request) => ok(await menuUsersPage(db, requireSession(request).orgId, request.query)),
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

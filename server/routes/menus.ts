import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Language } from '../../domain/constants';
import { translate } from '../../domain/i18n';
import { type AuthorisedMenu, authoriseMenus, MENU_CATALOGUE } from '../../domain/rules/menu-tree';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import { type MenuTreeItem, menuTreeSchema } from '../../domain/schemas/menus';
import { ok } from '../plugins/envelope';
import { requireSession } from '../plugins/session';
import type { RouteDeps } from './route-deps';

function toTreeItems(menus: AuthorisedMenu[], language: Language): MenuTreeItem[] {
  return menus.map((menu) => ({
    Code: menu.code,
    Name: translate(language, `menus.${menu.code}`),
    HasAuth: menu.hasAuth,
    Children: toTreeItems(menu.children, language),
  }));
}

/** The signed-in user's menu tree with HasAuth per page (SPEC §7 Menus). */
export const menusRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app) => {
  app.get(
    '/api/Menu/user/tree',
    { schema: { response: withFailures({ 200: envelopeSchema(menuTreeSchema) }, [400, 401, 403, 500]) } },
    async (request) => {
      const session = requireSession(request);
      return ok(toTreeItems(authoriseMenus(MENU_CATALOGUE, session.isOrgAdmin), request.language));
    },
  );
};

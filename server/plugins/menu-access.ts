import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { MENU_CATALOGUE, menuCodes } from '../../domain/rules/menu-tree';
import { ApiError } from '../core/errors';
import { addRoutePreValidation } from '../core/route-config';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { readRepositories, type Repositories } from '../repositories';
import { accessibleCodesOf } from '../services/menu-access-service';
import type { RequestSession, RouteAccess } from './session';

/**
 * Which page an endpoint serves, by menu code (SPEC §2), declared in the route's `config.menu`:
 * - `'systemSetting'`: the endpoint of one page;
 * - `['member', 'orgDpt']`: an endpoint several pages call; any one of them authorised grants it, so
 *   hiding one page does not break the others;
 * - `{ none: 'why' }`: an endpoint no page owns (say why: e.g. the header of every page reads it).
 */
export type RouteMenu = string | readonly string[] | { readonly none: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The page (menu code) this endpoint serves: see menuAccessPlugin. Required on `access: 'admin'`. */
    menu?: RouteMenu;
  }
  interface FastifyInstance {
    /** Every route as declared (method, path, access, menu), in registration order. */
    routeDeclarations: readonly RouteDeclaration[];
  }
}

/** One registered route's access and menu declaration. */
export interface RouteDeclaration {
  method: string;
  url: string;
  access: RouteAccess;
  menu: RouteMenu | undefined;
}

const CATALOGUE_CODES: ReadonlySet<string> = new Set(menuCodes(MENU_CATALOGUE));

/** The codes any one of which grants a route (empty: no page gates it). */
export function menuCodesOf(menu: RouteMenu | undefined): readonly string[] {
  if (menu === undefined || (typeof menu === 'object' && 'none' in menu)) return [];
  return typeof menu === 'string' ? [menu] : menu;
}

/** What is wrong with a route's menu declaration, or null. */
export function menuDeclarationProblem(access: RouteAccess, menu: RouteMenu | undefined): string | null {
  if (menu === undefined) {
    return access === 'admin'
      ? "an administrator route names its page's menu code: config.menu ('code', ['code', ...] or { none: 'why' })"
      : null;
  }
  if (access === 'public') return 'a public route has no menu';
  if (typeof menu === 'object' && 'none' in menu) {
    return menu.none.trim() === '' ? 'menu { none } says why no page owns the endpoint' : null;
  }
  const codes = menuCodesOf(menu);
  if (codes.length === 0) return 'a list of menu codes names at least one';
  const unknown = codes.filter((code) => !CATALOGUE_CODES.has(code));
  return unknown.length > 0 ? `unknown menu code ${unknown.join(', ')} (domain/rules/menu-tree.ts)` : null;
}

/**
 * Refuses (403) a session none of whose accessible pages is among `codes`, from the same settings the menu
 * tree reads. For a branch of a route that only some pages reach (an administrator reading another
 * member through a member route); a route's own page is declared in `config.menu` instead.
 */
export async function requireMenu(
  repos: Repositories,
  session: RequestSession,
  codes: readonly string[],
): Promise<void> {
  if (codes.length === 0) return;
  const accessible = await accessibleCodesOf(repos, session.orgId, session.accountId, session.isOrgAdmin);
  if (!codes.some((code) => accessible.has(code))) throw new ApiError(403, 'errors.auth.noPermission');
}

/**
 * Who may read one account's details: the member themself, through their own page `ownPage` (basic info,
 * personal info), or an administrator of their organisation, through the Members screen ('member'); a
 * member asking about someone else is 403. The account's organisation is the caller's: the read that
 * follows finds another organisation's account not at all (404).
 */
export async function requireOwnOrMemberPage(
  db: Kysely<Database>,
  session: RequestSession,
  accountId: number,
  ownPage: string,
): Promise<void> {
  const own = accountId === session.accountId;
  if (!own && !session.isOrgAdmin) throw new ApiError(403, 'errors.auth.noPermission');
  await requireMenu(readRepositories(db), session, [own ? ownPage : 'member']);
}

/**
 * Menu codes gate endpoints as they gate pages (DESIGN §5): a page hidden from someone, by its audience or
 * by an administrator for a role type or a member (Menu/user/save), answers 403 on the server too, as the
 * client sends them to /401.
 *
 * Every route says which page it serves where it is declared, beside its access:
 *
 *     app.put('/api/organizationConfig/passwordPolicy', { config: { access: 'admin', menu: 'systemSetting' }, ... })
 *
 * An administrator route must name one (see RouteMenu: one code, a list of codes for an endpoint shared by
 * several pages, or `{ none: 'why' }`): the application refuses to start otherwise, as it does for an
 * unknown code. A member route names its page when it has one (loginLog, signature) and may name none.
 * Register after the session plugin and before the routes.
 */
export const menuAccessPlugin = fp<{ repos: Repositories }>(async (app: FastifyInstance, { repos }) => {
  const declarations: RouteDeclaration[] = [];
  app.decorate('routeDeclarations', declarations);

  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access ?? 'member';
    const menu = route.config?.menu;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const problem = menuDeclarationProblem(access, menu);
    if (problem) throw new Error(`${methods.join(',')} ${route.url}: ${problem}`);
    for (const method of methods) declarations.push({ method, url: route.url, access, menu });
    // Only a route with pages to check gets the check: the others (most reads) skip it unasked.
    const codes = menuCodesOf(menu);
    if (codes.length === 0) return;
    addRoutePreValidation(route, async (request) => {
      if (request.session) await requireMenu(repos, request.session, codes);
    });
  });
});

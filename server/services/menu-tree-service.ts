import type { Kysely } from 'kysely';
import {
  accessibleCodes,
  type AuthorisedMenu,
  authoriseMenus,
  configurableMenus,
  MENU_CATALOGUE,
  type MenuAccess,
  type MenuRole,
  OPEN_MENU_ACCESS,
} from '../../domain/rules/menu-tree';
import { ApiError } from '../core/errors';
import type { Database } from '../db/tables';
import { readRepositories } from '../repositories';
import { menuAccessOf, roleOf } from './menu-access-service';

/** The signed-in account's menus, each with whether they may open it (Menu/user/tree). */
export async function ownMenus(
  db: Kysely<Database>,
  account: { orgId: number; accountId: number; isOrgAdmin: boolean },
): Promise<AuthorisedMenu[]> {
  const { orgId, accountId, isOrgAdmin } = account;
  const access = await menuAccessOf(readRepositories(db), orgId, accountId, isOrgAdmin);
  return authoriseMenus(MENU_CATALOGUE, isOrgAdmin, access);
}

/**
 * The menus a role type, or one member of it, may open, as the Authorisation screen edits them (Menu/tree);
 * `custom`: the member has their own setting. A member not of the organisation 404, of the other role 400.
 */
export async function roleMenus(
  db: Kysely<Database>,
  orgId: number,
  query: { roleType: MenuRole; accountId?: number },
): Promise<{ tree: AuthorisedMenu[]; custom: boolean }> {
  const repos = readRepositories(db);
  const { roleType, accountId } = query;
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
  return { tree, custom: access.overrides.size > 0 };
}

/**
 * A page of a role type's members, each with whether they may open `menuId` (any menu when none is
 * asked) and whether they have their own setting (Menu/users).
 */
export async function menuUsersPage(
  db: Kysely<Database>,
  orgId: number,
  query: { roleType: MenuRole; menuId?: string; keyword?: string; pageIndex: number; pageSize: number },
) {
  const repos = readRepositories(db);
  const { roleType, menuId, keyword, pageIndex, pageSize } = query;
  const isAdmin = roleType === 'admin';
  const [page, hidden] = await Promise.all([
    repos.members.page(orgId, { keyword, isAdmin }, pageIndex, pageSize),
    repos.menuAccess.hiddenFor(orgId, roleType),
  ]);
  const ids = page.rows.map((row) => Number(row.id));
  const overrides = await repos.menuAccess.overridesOf(orgId, ids);
  return {
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
  };
}

import type {} from 'kysely';
import {
  ALWAYS_ON_MENUS,
  accessibleCodes,
  configurableMenus,
  MENU_ACCESS_SCREEN,
  MENU_CATALOGUE,
  type MenuAccess,
  menuChoiceRefusal,
  menuCodes,
  type MenuRole,
  normaliseChoice,
  unlicensedMenus,
  withLicences,
} from '../../domain/rules/menu-tree';
import type {} from '../db/tables';
import { ApiError } from '../core/errors';
import { type Repositories, withTransaction } from '../repositories';
import type { StoredMenuAccess } from '../repositories/menu-access-repository';
import type {} from '../core/operator';
import { type LogParam, logList, logMessage } from '../../domain/rules/operation-log-content';
import type { OrgChangeContext } from './service-context';

/** A menu-access change: the codes visible to a role type, or to some of its members. */
export interface MenuAccessChange {
  role: MenuRole;
  codes: string[];
  /** The members whose own setting this is; absent: the role type's menus. */
  accountIds?: number[];
  /** Put the members back on their role type's menus (codes are ignored). */
  inherit?: boolean;
}

/** The role type an account's menus follow. */
export const roleOf = (isOrgAdmin: boolean | number): MenuRole =>
  isOrgAdmin === true || isOrgAdmin === 1 ? 'admin' : 'member';

/** Menu access as stored, parsed: the account's settings, then the organisation's licences. */
function parsedAccess(stored: StoredMenuAccess): MenuAccess {
  const overrides = JSON.parse(stored.overrides) as Array<[string, number]>;
  const access: MenuAccess = {
    hidden: new Set(JSON.parse(stored.hidden) as string[]),
    overrides: new Map(overrides.map(([code, hasAuth]) => [code, Number(hasAuth) === 1])),
  };
  return withLicences(access, unlicensedMenus(MENU_CATALOGUE, JSON.parse(stored.licensed) as string[]));
}

/**
 * Accessible codes by what they are computed from (role and stored settings, read fresh on each request):
 * every menu-page request asks, and walking the catalogue again for the same settings is most of its cost.
 */
const accessibleByStored = new Map<string, ReadonlySet<string>>();
const MAX_KEPT_ACCESS = 1000;

/** The codes a signed-in account may open now: the one reading both the menu tree and the server's check. */
export async function accessibleCodesOf(
  repos: Repositories,
  orgId: number,
  accountId: number,
  isOrgAdmin: boolean,
): Promise<ReadonlySet<string>> {
  const stored = await repos.menuAccess.storedAccessOf(orgId, accountId, roleOf(isOrgAdmin));
  const key = `${roleOf(isOrgAdmin)}\u0000${stored.hidden}\u0000${stored.overrides}\u0000${stored.licensed}`;
  let codes = accessibleByStored.get(key);
  if (!codes) {
    codes = accessibleCodes(MENU_CATALOGUE, isOrgAdmin, parsedAccess(stored));
    if (accessibleByStored.size >= MAX_KEPT_ACCESS) accessibleByStored.clear();
    accessibleByStored.set(key, codes);
  }
  return codes;
}

/** The access one account's menus follow (for the menu tree): their settings, then the organisation's licences. */
export async function menuAccessOf(
  repos: Repositories,
  orgId: number,
  accountId: number,
  isOrgAdmin: boolean,
): Promise<MenuAccess> {
  return parsedAccess(await repos.menuAccess.storedAccessOf(orgId, accountId, roleOf(isOrgAdmin)));
}

/**
 * Saves what a role type, or some of its members, may open (Menu/user/save), in one transaction with the
 * operation-log row. Refused, changing nothing: a code the role type cannot have or the password page
 * hidden (400), no member picked or one of another role type (400), a member not of the organisation
 * (404), and any change that would take the Authorisation screen from the administrator making it (409).
 */
export async function saveMenuAccess(context: OrgChangeContext, change: MenuAccessChange): Promise<void> {
  const { db, orgId, operator, now } = context;
  if (!change.inherit) {
    const refusal = menuChoiceRefusal(MENU_CATALOGUE, change.role, change.codes);
    if (refusal) throw new ApiError(400, refusal);
  }
  const configurable = menuCodes(configurableMenus(MENU_CATALOGUE, change.role));
  const visible = normaliseChoice(MENU_CATALOGUE, change.role, change.codes);
  await withTransaction(db, async (repos) => {
    let target: LogParam = logMessage(
      change.role === 'admin' ? 'operationLog.words.administrators' : 'operationLog.words.members',
    );
    if (change.accountIds === undefined) {
      const hidden = configurable.filter((code) => !visible.has(code) && !ALWAYS_ON_MENUS.has(code));
      await repos.menuAccess.setHidden(orgId, change.role, hidden);
    } else {
      const ids = [...new Set(change.accountIds)];
      if (ids.length === 0) throw new ApiError(400, 'errors.menuAccess.noneSelected');
      const members = await repos.members.findMembers(orgId, ids);
      if (members.length !== ids.length) throw new ApiError(404, 'errors.request.notFound');
      if (members.some((member) => roleOf(member.is_org_admin) !== change.role)) {
        throw new ApiError(400, 'errors.menuAccess.wrongRole');
      }
      const settings = new Map(
        change.inherit ? [] : configurable.map((code) => [code, visible.has(code)] as const),
      );
      await repos.menuAccess.setOverrides(orgId, ids, settings);
      target = logList(members.map((member) => member.real_name));
    }
    if (operator.id !== null) {
      const own = await repos.menuAccess.accessOf(orgId, operator.id, 'admin');
      if (!accessibleCodes(MENU_CATALOGUE, true, own).has(MENU_ACCESS_SCREEN)) {
        throw new ApiError(409, 'errors.menuAccess.ownAccess');
      }
    }
    const shown = configurable.filter((code) => visible.has(code) || ALWAYS_ON_MENUS.has(code));
    await repos.operationLogs.insert({
      orgId,
      operatorId: operator.id,
      operatorName: operator.name,
      module: 'authorize',
      content: change.inherit
        ? logMessage('operationLog.content.menuAccessInherited', { target })
        : logMessage('operationLog.content.menuAccessSet', {
            target,
            menus: logList(shown, 'operationLog.words.none'),
          }),
      now,
    });
  });
}

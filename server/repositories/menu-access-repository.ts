import { type Kysely, sql } from 'kysely';
import type { MenuAccess, MenuRole } from '../../domain/rules/menu-tree';
import { compiledOnce } from '../db/compiled-once';
import { isPostgres } from '../db/dialect';
import type { Database } from '../db/tables';

/**
 * One account's menu settings and its organisation's licences as the database stores them, each a JSON
 * array as text, in no promised order (each is a set): the codes hidden from its role type, its own settings
 * as [code, 0|1] pairs, and the licensed products' codes. Equal texts mean equal access, so a caller may
 * key on them (the same rows read the same way give the same texts).
 */
export interface StoredMenuAccess {
  hidden: string;
  overrides: string;
  licensed: string;
}

/** Menu-page access: what an organisation hides from a role type, and each member's own settings. */
export function createMenuAccessRepository(db: Kysely<Database>) {
  /** The codes hidden from a role type of the organisation. */
  const hiddenFor = async (orgId: number, role: MenuRole): Promise<Set<string>> => {
    const rows = await db
      .selectFrom('org_menu_hidden')
      .select('menu_code')
      .where('org_id', '=', orgId)
      .where('role_type', '=', role)
      .execute();
    return new Set(rows.map((row) => row.menu_code));
  };

  /** Each member's own settings, by account. */
  const overridesOf = async (
    orgId: number,
    accountIds: number[],
  ): Promise<Map<number, Map<string, boolean>>> => {
    const byAccount = new Map<number, Map<string, boolean>>(accountIds.map((id) => [id, new Map()]));
    if (accountIds.length === 0) return byAccount;
    const rows = await db
      .selectFrom('account_menus')
      .select(['account_id', 'menu_code', 'has_auth'])
      .where('org_id', '=', orgId)
      .where('account_id', 'in', accountIds)
      .execute();
    for (const row of rows) byAccount.get(Number(row.account_id))?.set(row.menu_code, row.has_auth === 1);
    return byAccount;
  };

  const pg = isPostgres(db as Kysely<unknown>);
  /**
   * A JSON array of `value` over the rows, as text; `[]` for none. Unordered: an ORDER BY makes SQLite
   * sort each array in a temporary b-tree, which doubles the statement's cost for sets read by membership.
   */
  const jsonArray = (value: string) =>
    pg ? sql.raw(`coalesce(json_agg(${value}), '[]')::text`) : sql.raw(`json_group_array(${value})`);
  /**
   * Every menu-page request checks access: one statement compiled once, rather than three queries built
   * by Kysely on each request (building costs more CPU than SQLite takes to answer them).
   */
  const readStored = compiledOnce(
    db,
    (orgId: unknown, accountId: unknown, role: unknown) => ({
      compile: () =>
        sql<StoredMenuAccess>`select
          (select ${jsonArray('h.menu_code')} from org_menu_hidden as h
            where h.org_id = ${orgId} and h.role_type = ${role}) as hidden,
          (select ${jsonArray(pg ? 'json_build_array(am.menu_code, am.has_auth)' : 'json_array(am.menu_code, am.has_auth)')}
            from account_menus as am where am.account_id = ${accountId} and am.org_id = ${orgId}) as overrides,
          (select ${jsonArray('p.code')} from org_products as op
            inner join products as p on p.id = op.product_id where op.org_id = ${orgId}) as licensed`.compile(
          db,
        ),
    }),
    3,
    'menuAccess.stored',
  );

  return {
    hiddenFor,
    overridesOf,

    /** One account's settings and its organisation's licences, as stored (see StoredMenuAccess). */
    async storedAccessOf(orgId: number, accountId: number, role: MenuRole): Promise<StoredMenuAccess> {
      const [row] = await readStored(orgId, accountId, role);
      return row!;
    },

    /** What one account's menus follow: its role type's hidden codes and its own settings. */
    async accessOf(orgId: number, accountId: number, role: MenuRole): Promise<MenuAccess> {
      const [hidden, overrides] = await Promise.all([
        hiddenFor(orgId, role),
        overridesOf(orgId, [accountId]),
      ]);
      return { hidden, overrides: overrides.get(accountId) ?? new Map() };
    },

    /** Hides exactly these codes from a role type of the organisation. */
    async setHidden(orgId: number, role: MenuRole, codes: string[]): Promise<void> {
      await db
        .deleteFrom('org_menu_hidden')
        .where('org_id', '=', orgId)
        .where('role_type', '=', role)
        .execute();
      if (codes.length === 0) return;
      await db
        .insertInto('org_menu_hidden')
        .values(codes.map((code) => ({ org_id: orgId, role_type: role, menu_code: code })))
        .execute();
    },

    /** Replaces the members' own settings with `settings` (empty: they follow their role type again). */
    async setOverrides(
      orgId: number,
      accountIds: number[],
      settings: ReadonlyMap<string, boolean>,
    ): Promise<void> {
      if (accountIds.length === 0) return;
      await db
        .deleteFrom('account_menus')
        .where('org_id', '=', orgId)
        .where('account_id', 'in', accountIds)
        .execute();
      if (settings.size === 0) return;
      await db
        .insertInto('account_menus')
        .values(
          accountIds.flatMap((accountId) =>
            [...settings].map(([code, hasAuth]) => ({
              org_id: orgId,
              account_id: accountId,
              menu_code: code,
              has_auth: hasAuth ? 1 : 0,
            })),
          ),
        )
        .execute();
    },
  };
}

export type MenuAccessRepository = ReturnType<typeof createMenuAccessRepository>;

import type { Kysely } from 'kysely';
import { memberSearch } from '../../domain/rules/members';
import { compiledOnce } from '../db/compiled-once';
import type { Database } from '../db/tables';
import { createMemberSearch } from './member-search';

/** An organisation's IP whitelist as stored: off with no lines when it has never set one. */
export interface StoredWhitelist {
  enabled: boolean;
  lines: string;
}

/** One member as the unrestricted list and its picker show them. */
export interface IpMemberRow {
  id: number;
  realName: string;
  mobile: string | null;
  email: string | null;
  deptName: string | null;
}

/** How an organisation's IP whitelist applies to one of its accounts. */
export interface WhitelistAccess {
  enabled: boolean;
  lines: string;
  unrestricted: boolean;
}

function accessOf(
  row: { enabled: number; lines: string; unrestricted: number | null } | undefined,
): WhitelistAccess {
  if (!row) return { enabled: false, lines: '', unrestricted: false };
  return { enabled: row.enabled === 1, lines: row.lines, unrestricted: row.unrestricted !== null };
}

/** The IP whitelist and its unrestricted members; every call is scoped by the organisation. */
export function createIpWhitelistRepository(db: Kysely<Database>) {
  const members = (orgId: number) =>
    db
      .selectFrom('accounts as a')
      .leftJoin('departments as d', 'd.id', 'a.dept_id')
      .where('a.org_id', '=', orgId)
      .where('a.status', '!=', 'removed')
      .select([
        'a.id as id',
        'a.real_name as realName',
        'a.mobile as mobile',
        'a.email as email',
        'd.name as deptName',
      ]);
  const memberSearchIndex = createMemberSearch(db as Kysely<unknown>);
  /** Members the keyword finds anywhere in their name, mobile number or email (as the member list does). */
  const search = async <Q extends ReturnType<typeof members>>(
    query: Q,
    keyword: string | undefined,
    orgId: number,
  ): Promise<Q> => {
    const bound = Object.fromEntries(await memberSearchIndex.bound(memberSearch(keyword)));
    const condition = memberSearchIndex.condition('a', bound, { orgId, removed: false });
    return condition ? (query.where(condition) as Q) : query;
  };

  // Every request of a signed-in member asks it (the IP guard): compiled once, read at once on SQLite.
  const accessLookUp = compiledOnce(
    db,
    (orgId: number, accountId: number) =>
      db
        .selectFrom('org_ip_whitelists as w')
        .leftJoin('ip_unrestricted_accounts as u', (join) =>
          join.onRef('u.org_id', '=', 'w.org_id').on('u.account_id', '=', accountId),
        )
        .select(['w.enabled', 'w.lines', 'u.account_id as unrestricted'])
        .where('w.org_id', '=', orgId),
    2,
  );
  return {
    async find(orgId: number): Promise<StoredWhitelist> {
      const row = await db
        .selectFrom('org_ip_whitelists')
        .select(['enabled', 'lines'])
        .where('org_id', '=', orgId)
        .executeTakeFirst();
      return row ? { enabled: row.enabled === 1, lines: row.lines } : { enabled: false, lines: '' };
    },

    /**
     * What the guard needs for one signed-in member in one query: the switch, the lines, and whether the
     * member is unrestricted.
     */
    async accessFor(orgId: number, accountId: number): Promise<WhitelistAccess> {
      return accessOf((await accessLookUp(orgId, accountId))[0]);
    },

    /**
     * accessFor's answer at once when the embedded database gives it at once (reused while nothing has
     * been committed since, see compiledOnce's nowWhileUnchanged), else undefined: then ask accessFor.
     */
    accessForNow(orgId: number, accountId: number): WhitelistAccess | undefined {
      const rows = accessLookUp.nowWhileUnchanged(orgId, accountId);
      return rows === undefined ? undefined : accessOf(rows[0]);
    },

    async save(orgId: number, changes: Partial<StoredWhitelist>, now: number): Promise<void> {
      const current = await this.find(orgId);
      const next = { ...current, ...changes };
      const values = { enabled: next.enabled ? 1 : 0, lines: next.lines, updated_at: now };
      await db
        .insertInto('org_ip_whitelists')
        .values({ org_id: orgId, ...values })
        .onConflict((conflict) => conflict.column('org_id').doUpdateSet(values))
        .execute();
    },

    /** The organisation's ordinary, active or locked members among `accountIds` (admins are exempt anyway). */
    async membersAmong(orgId: number, accountIds: readonly number[]): Promise<IpMemberRow[]> {
      if (accountIds.length === 0) return [];
      return members(orgId)
        .where('a.id', 'in', [...accountIds])
        .orderBy('a.id')
        .execute();
    },

    async addUnrestricted(orgId: number, accountIds: readonly number[], now: number): Promise<void> {
      if (accountIds.length === 0) return;
      await db
        .insertInto('ip_unrestricted_accounts')
        .values(accountIds.map((accountId) => ({ org_id: orgId, account_id: accountId, created_at: now })))
        .onConflict((conflict) => conflict.columns(['org_id', 'account_id']).doNothing())
        .execute();
    },

    /** Removes members from the list; returns the ids that were on it. */
    async removeUnrestricted(orgId: number, accountIds: readonly number[]): Promise<number[]> {
      if (accountIds.length === 0) return [];
      const present = await db
        .selectFrom('ip_unrestricted_accounts')
        .select('account_id')
        .where('org_id', '=', orgId)
        .where('account_id', 'in', [...accountIds])
        .execute();
      await db
        .deleteFrom('ip_unrestricted_accounts')
        .where('org_id', '=', orgId)
        .where('account_id', 'in', [...accountIds])
        .execute();
      return present.map((row) => Number(row.account_id));
    },

    async countUnrestricted(orgId: number): Promise<number> {
      const row = await db
        .selectFrom('ip_unrestricted_accounts as u')
        .innerJoin('accounts as a', 'a.id', 'u.account_id')
        .where('u.org_id', '=', orgId)
        .where('a.status', '!=', 'removed')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** A page of the unrestricted members, newest first. */
    async pageUnrestricted(
      orgId: number,
      query: { pageIndex: number; pageSize: number; keyword?: string },
    ): Promise<{ total: number; rows: Array<IpMemberRow & { addedAt: number }> }> {
      const base = (await search(members(orgId), query.keyword, orgId)).innerJoin(
        'ip_unrestricted_accounts as u',
        (join) => join.onRef('u.account_id', '=', 'a.id').on('u.org_id', '=', orgId),
      );
      const [rows, count] = await Promise.all([
        base
          .select('u.created_at as addedAt')
          .orderBy('u.created_at', 'desc')
          .orderBy('a.id', 'desc')
          .limit(query.pageSize)
          .offset((query.pageIndex - 1) * query.pageSize)
          .execute(),
        base
          .clearSelect()
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        total: Number(count.count),
        rows: rows.map((row) => ({ ...row, id: Number(row.id), addedAt: Number(row.addedAt) })),
      };
    },

    /** Ordinary members not yet unrestricted, by name, at most `limit`. */
    async optionalAccounts(
      orgId: number,
      keyword: string | undefined,
      limit: number,
    ): Promise<IpMemberRow[]> {
      const rows = await (
        await search(members(orgId), keyword, orgId)
      )
        .where('a.is_org_admin', '=', 0)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('ip_unrestricted_accounts as u')
                .select('u.account_id')
                .whereRef('u.account_id', '=', 'a.id')
                .where('u.org_id', '=', orgId),
            ),
          ),
        )
        .orderBy('a.real_name')
        .orderBy('a.id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ ...row, id: Number(row.id) }));
    },
  };
}

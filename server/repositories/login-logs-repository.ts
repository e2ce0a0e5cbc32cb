import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database, LoginLogsTable } from '../db/tables';

/**
 * Which sign-ins a login-log read covers: always one organisation (from the session, never the request),
 * a window of times (both ends included), and optionally one member or the members a keyword finds.
 */
export interface LoginLogFilter {
  orgId: number;
  from: number;
  to: number;
  accountId?: number;
  /** Part of the account name or real name, any case. */
  keyword?: string;
}

/** A login-log row with the real name of its account, as lists and the export show it. */
export interface LoginLogListRow {
  id: number;
  account_id: number | null;
  account: string;
  real_name: string | null;
  ip: string;
  browser: string;
  product: string;
  login_client: string;
  success: number;
  reason: string | null;
  created_at: number;
}

/** Where a keyset read goes on from: the last row of the previous batch (newest first). */
export interface LoginLogCursor {
  createdAt: number;
  id: number;
}

/** A LIKE pattern that finds `text` anywhere, with the pattern characters in it taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One row per sign-in attempt, successful or not. */
export function createLoginLogsRepository(db: Kysely<Database>) {
  /**
   * The rows a filter covers, without the keyword. Each read is one range of the (org_id, created_at) or
   * (account_id, created_at) index.
   */
  const scoped = (filter: LoginLogFilter) => {
    let query = db
      .selectFrom('login_logs as l')
      .where('l.org_id', '=', filter.orgId)
      .where('l.created_at', '>=', filter.from)
      .where('l.created_at', '<=', filter.to);
    if (filter.accountId !== undefined) query = query.where('l.account_id', '=', filter.accountId);
    return query;
  };

  /** The rows a filter covers with their members' names; the keyword is matched within the range only. */
  const filtered = (filter: LoginLogFilter) => {
    let query = scoped(filter).leftJoin('accounts as a', (join) =>
      join.onRef('a.id', '=', 'l.account_id').onRef('a.org_id', '=', 'l.org_id'),
    );
    if (filter.keyword) {
      const pattern = containsPattern(filter.keyword);
      query = query.where((eb) =>
        eb.or([
          sql<boolean>`lower(${eb.ref('l.account')}) like ${pattern} escape '\\'`,
          sql<boolean>`lower(${eb.ref('a.real_name')}) like ${pattern} escape '\\'`,
        ]),
      );
    }
    return query;
  };

  const listColumns = [
    'l.id',
    'l.account_id',
    'l.account',
    'a.real_name',
    'l.ip',
    'l.browser',
    'l.product',
    'l.login_client',
    'l.success',
    'l.reason',
    'l.created_at',
  ] as const;

  return {
    async insert(row: Insertable<LoginLogsTable>): Promise<void> {
      await db.insertInto('login_logs').values(row).execute();
    },

    /** One page (from 1) of the rows a filter covers, newest first, and how many it covers. */
    async page(
      filter: LoginLogFilter,
      pageIndex: number,
      pageSize: number,
    ): Promise<{ total: number; rows: LoginLogListRow[] }> {
      // Counting needs the members' names only to match a keyword.
      const counting = filter.keyword
        ? filtered(filter).select((eb) => eb.fn.countAll<number>().as('total'))
        : scoped(filter).select((eb) => eb.fn.countAll<number>().as('total'));
      const [rows, counted] = await Promise.all([
        filtered(filter)
          .select(listColumns)
          .orderBy('l.created_at', 'desc')
          .orderBy('l.id', 'desc')
          .limit(pageSize)
          .offset((pageIndex - 1) * pageSize)
          .execute(),
        counting.executeTakeFirstOrThrow(),
      ]);
      return { total: Number(counted.total), rows };
    },

    /**
     * The next `limit` rows a filter covers after `cursor` (newest first): an export reads the whole window
     * batch by batch without OFFSET, so each batch costs the same however deep it is.
     */
    async batchAfter(
      filter: LoginLogFilter,
      cursor: LoginLogCursor | null,
      limit: number,
    ): Promise<LoginLogListRow[]> {
      let query = filtered(filter).select(listColumns);
      if (cursor) {
        query = query.where((eb) =>
          eb.or([
            eb('l.created_at', '<', cursor.createdAt),
            eb.and([eb('l.created_at', '=', cursor.createdAt), eb('l.id', '<', cursor.id)]),
          ]),
        );
      }
      return query.orderBy('l.created_at', 'desc').orderBy('l.id', 'desc').limit(limit).execute();
    },

    /** An account's latest successful sign-in before `before`, if any. */
    async lastSuccessBefore(orgId: number, accountId: number, before: number) {
      return db
        .selectFrom('login_logs')
        .select(['created_at', 'ip', 'browser', 'product'])
        .where('account_id', '=', accountId)
        .where('success', '=', 1)
        .where('created_at', '<', before)
        .where('org_id', '=', orgId)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** How many failed sign-ins an account has had after `since`, and the latest of them. */
    async failuresAfter(
      orgId: number,
      accountId: number,
      since: number,
    ): Promise<{ count: number; latest: { created_at: number; ip: string } | undefined }> {
      const failures = db
        .selectFrom('login_logs')
        .where('account_id', '=', accountId)
        .where('success', '=', 0)
        .where('created_at', '>', since)
        .where('org_id', '=', orgId);
      const [counted, latest] = await Promise.all([
        failures.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
        failures.select(['created_at', 'ip']).orderBy('created_at', 'desc').limit(1).executeTakeFirst(),
      ]);
      return { count: Number(counted.count), latest };
    },
  };
}

export type LoginLogsRepository = ReturnType<typeof createLoginLogsRepository>;

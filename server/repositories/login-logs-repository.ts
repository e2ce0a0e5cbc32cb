import { type Insertable, type Kysely, sql } from 'kysely';
import { DAY_MS } from '../../domain/constants';
import { compiledOnce } from '../db/compiled-once';
import type { Statement } from '../db/one-commit';
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
  /** Members of these departments only (a department and those below it, resolved by the caller). */
  deptIds?: number[];
  /** Successful (1) or failed (0) attempts only. */
  success?: 0 | 1;
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
  /** The member's department now, when they are in one. */
  department: string | null;
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
    if (filter.success !== undefined) query = query.where('l.success', '=', filter.success);
    return query;
  };

  /** The rows a filter covers with their members' names; the keyword is matched within the range only. */
  const filtered = (filter: LoginLogFilter) => {
    let query = scoped(filter)
      .leftJoin('accounts as a', (join) =>
        join.onRef('a.id', '=', 'l.account_id').onRef('a.org_id', '=', 'l.org_id'),
      )
      .leftJoin('departments as d', (join) =>
        join.onRef('d.id', '=', 'a.dept_id').onRef('d.org_id', '=', 'l.org_id'),
      );
    if (filter.deptIds) {
      const deptIds = filter.deptIds;
      // No department left (it was deleted meanwhile) matches nobody, not everybody.
      query = deptIds.length > 0 ? query.where('a.dept_id', 'in', deptIds) : query.where(sql<boolean>`1 = 0`);
    }
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

  /** Successful sign-ins of known members of an organisation, `from` included, `to` excluded. */
  const successesBetween = (orgId: number, from: number, to: number) =>
    db
      .selectFrom('login_logs')
      .where('org_id', '=', orgId)
      .where('success', '=', 1)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .where('account_id', 'is not', null);

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
    'd.name as department',
  ] as const;

  // Every sign-in writes one, inside its transaction: compiled once per set of columns, for every
  // transaction on this engine (see compiledOnce).
  const insertOf = (row: Insertable<LoginLogsTable>) => {
    const columns = (Object.keys(row) as Array<keyof typeof row>).filter((key) => row[key] !== undefined);
    columns.sort();
    const insert = compiledOnce(
      db,
      (...values: unknown[]) =>
        db
          .insertInto('login_logs')
          .values(Object.fromEntries(columns.map((column, index) => [column, values[index]])) as typeof row),
      columns.length,
      `login_logs.insert:${columns.join(',')}`,
    );
    return { insert, values: columns.map((column) => row[column]) };
  };

  return {
    async insert(row: Insertable<LoginLogsTable>): Promise<void> {
      const { insert, values } = insertOf(row);
      await insert(...values);
    },

    /** insert as one of a commit's writes (one-commit.ts). */
    insertWrite(row: Insertable<LoginLogsTable>): Statement {
      const { insert, values } = insertOf(row);
      return insert.statement(...values);
    },

    /** One page (from 1) of the rows a filter covers, newest first, and how many it covers. */
    async page(
      filter: LoginLogFilter,
      pageIndex: number,
      pageSize: number,
    ): Promise<{ total: number; rows: LoginLogListRow[] }> {
      // Counting needs the members' names only to match a keyword or a department.
      const counting =
        filter.keyword || filter.deptIds
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

    /**
     * Distinct members with a successful sign-in, and the successful sign-ins, per day of a run of whole
     * days of one UTC offset: grouped by `floor((time + offset) / DAY_MS)`, `from` included, `to` excluded.
     * One range of the (org_id, success, created_at, account_id) index of 0021, read without the table.
     */
    async activeByDay(
      orgId: number,
      from: number,
      to: number,
      offset: number,
    ): Promise<Array<{ day: number; active: number; signIns: number }>> {
      const day = sql<number>`(${sql.ref('created_at')} + ${sql.lit(offset)}) / ${sql.lit(DAY_MS)}`;
      const rows = await successesBetween(orgId, from, to)
        .select([
          day.as('day'),
          (eb) => eb.fn.count<number>('account_id').distinct().as('active'),
          (eb) => eb.fn.countAll<number>().as('sign_ins'),
        ])
        .groupBy(day)
        .execute();
      return rows.map((row) => ({
        day: Number(row.day),
        active: Number(row.active),
        signIns: Number(row.sign_ins),
      }));
    },

    /** Distinct members with a successful sign-in, and the successful sign-ins, from `from` until `to`. */
    async activeBetween(
      orgId: number,
      from: number,
      to: number,
    ): Promise<{ active: number; signIns: number }> {
      const row = await successesBetween(orgId, from, to)
        .select([
          (eb) => eb.fn.count<number>('account_id').distinct().as('active'),
          (eb) => eb.fn.countAll<number>().as('sign_ins'),
        ])
        .executeTakeFirstOrThrow();
      return { active: Number(row.active), signIns: Number(row.sign_ins) };
    },

    /** The organisation's members now (former members excluded): the base of the active-user report. */
    async memberCount(orgId: number): Promise<number> {
      const row = await db
        .selectFrom('accounts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('org_id', '=', orgId)
        .where('status', '!=', 'removed')
        .executeTakeFirstOrThrow();
      return Number(row.n);
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

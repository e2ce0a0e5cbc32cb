import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { OperationLogCursor } from '../../domain/rules/operation-log';
import {
  CONTENT_MAX_LENGTH,
  type LogMessage,
  renderMessage,
  searchTextOf,
  storedMessage,
} from '../../domain/rules/operation-log-content';
import { isPostgres } from '../db/dialect';
import type { Database } from '../db/tables';

export interface OperationLogEntry {
  orgId: number;
  operatorId: number | null;
  /** The operator's name at the time, or `operator-cli` for commands run on the server. */
  operatorName: string;
  module: string;
  /** What happened, as a message key and values: shown in the reader's language (0028). */
  content: LogMessage;
  now: number;
}

/** What the administrators' list and export read: one organisation, a window, and optional filters. */
export interface OperationLogFilter {
  orgId: number;
  from: number;
  to: number;
  module?: string;
  /** An administrator's account id, or `cli` for the operator's commands. */
  operator?: number | 'cli';
  keyword?: string;
}

/** One row as the list and the export read it. */
export interface OperationLogListRow {
  id: number;
  operator_id: number | null;
  operator_name: string;
  module: string;
  content: string;
  content_key: string | null;
  content_params: string | null;
  created_at: number;
}

/** Escapes LIKE wildcards so a keyword is matched literally. */
const likeText = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;

/** The administrators' audit trail; written in the same transaction as the change it records. */
export function createOperationLogsRepository(db: Kysely<Database>) {
  const pg = isPostgres(db as Kysely<unknown>);
  return {
    async insert(entry: OperationLogEntry): Promise<void> {
      await db
        .insertInto('operation_logs')
        .values({
          org_id: entry.orgId,
          operator_id: entry.operatorId,
          operator_name: entry.operatorName,
          module: entry.module,
          // English text as the plain fallback; readers render the key in their own language.
          content: renderMessage('en-US', entry.content).slice(0, CONTENT_MAX_LENGTH),
          ...storedMessage(entry.content),
          search_text: searchTextOf(entry.content),
          created_at: entry.now,
        })
        .execute();
    },

    /**
     * Rows after `cursor` (newest first, then by id), at most `limit`: keyset pagination on the
     * (org_id, created_at, id) index, or its module or operator twin when that filter is set (0014), so a
     * page deep in a large log costs what the first one does. The cursor also lowers the window's upper
     * end, so the index range starts at the cursor instead of being walked from the window's end. On
     * SQLite the index is named (INDEXED BY): without statistics (the server runs no ANALYZE) its planner
     * takes the time index for a module filter and reads every row of the window to check the module.
     */
    async batchAfter(
      filter: OperationLogFilter,
      cursor: OperationLogCursor | null,
      limit: number,
    ): Promise<OperationLogListRow[]> {
      const index = filter.module
        ? 'operation_logs_org_module_time'
        : filter.operator !== undefined
          ? 'operation_logs_org_operator_time'
          : 'operation_logs_org_time_id';
      const upper = cursor ? Math.min(filter.to, cursor.createdAt) : filter.to;
      const conditions: RawBuilder<unknown>[] = [
        sql`o.org_id = ${filter.orgId}`,
        sql`o.created_at >= ${filter.from}`,
        sql`o.created_at <= ${upper}`,
      ];
      if (filter.module) conditions.push(sql`o.module = ${filter.module}`);
      if (filter.operator === 'cli') conditions.push(sql`o.operator_id is null`);
      else if (filter.operator !== undefined) conditions.push(sql`o.operator_id = ${filter.operator}`);
      // New rows are searched in every language's rendering (search_text, lower-cased when written), old
      // rows by their stored text; either way a filter on the rows the keyset index range yields.
      if (filter.keyword) {
        conditions.push(sql`coalesce(o.search_text, lower(o.content)) like ${likeText(filter.keyword)}`);
      }
      if (cursor) {
        conditions.push(sql`(o.created_at < ${cursor.createdAt} or o.id < ${cursor.id})`);
      }
      const found = await sql<OperationLogListRow>`
        select o.id, o.operator_id, o.operator_name, o.module, o.content, o.content_key, o.content_params,
          o.created_at
        from operation_logs as o ${pg ? sql`` : sql`indexed by ${sql.raw(index)}`}
        where ${sql.join(conditions, sql` and `)}
        order by o.created_at desc, o.id desc
        limit ${limit}`.execute(db);
      return found.rows.map((row) => ({
        ...row,
        id: Number(row.id),
        operator_id: row.operator_id === null ? null : Number(row.operator_id),
        created_at: Number(row.created_at),
      }));
    },

    /** The organisation's administrators, by name: whom the list may be filtered on. */
    async operators(orgId: number): Promise<Array<{ id: number; name: string }>> {
      const rows = await db
        .selectFrom('accounts')
        .select(['id', 'real_name'])
        .where('org_id', '=', orgId)
        .where('is_org_admin', '=', 1)
        .where('status', '!=', 'removed')
        .orderBy('real_name')
        .limit(200)
        .execute();
      return rows.map((row) => ({ id: Number(row.id), name: row.real_name }));
    },
  };
}

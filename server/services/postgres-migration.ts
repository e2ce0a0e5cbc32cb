import SqliteDatabase from 'better-sqlite3';
import type pg from 'pg';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { BackupError, userTables } from './database-backup';

/** What the copy did, table by table, and how long it took. */
export interface CopyReport {
  tables: Array<{ name: string; rows: number }>;
  sampled: number;
  ms: number;
}

/** Kysely's own tables: the target has its own, written by migrating it. */
const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);
/** Rows compared column by column after the copy, per table. */
const SAMPLE_ROWS = 20;
/** PostgreSQL takes at most 65,535 parameters in one statement. */
const MAX_PARAMETERS = 60_000;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The order a table's rows are copied in: insertion order (rowid) for an ordinary table; a table kept in
 * its primary key (WITHOUT ROWID, e.g. the request nonces of migration 0052) has no rowid, so its key.
 */
function copyOrderOf(
  source: SqliteDatabase.Database,
  table: string,
  tableInfo: ReadonlyArray<{ name: string; pk: number }>,
): string {
  const listed = source.prepare('select wr from pragma_table_list where name = ?').get(table) as
    { wr: number } | undefined;
  if (!listed?.wr) return 'rowid';
  return tableInfo
    .filter((column) => column.pk > 0)
    .sort((a, b) => a.pk - b.pk)
    .map((column) => quote(column.name))
    .join(', ');
}

/** Tables in an order in which every foreign key points at a table copied before it (a self-reference is fine). */
async function copyOrder(client: pg.PoolClient, tables: string[]): Promise<string[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(`
    select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
    from pg_constraint c where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`);
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of rows) {
    const name = (text: string) => text.replace(/^"|"$/g, '');
    if (name(child) !== name(parent)) parents.get(name(child))?.add(name(parent));
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (table) =>
        !placed.has(table) &&
        [...parents.get(table)!].every((parent) => placed.has(parent) || !parents.has(parent)),
    );
    if (ready.length === 0) throw new Error('the foreign keys of the schema form a cycle');
    for (const table of ready) {
      ordered.push(table);
      placed.add(table);
    }
  }
  return ordered;
}

/**
 * Copies the embedded SQLite database `file` into the empty PostgreSQL database at `url`: migrates it to
 * this version, then in one transaction copies every table the two share (in foreign-key order, rowid
 * order within), moves each id sequence past the highest id, and checks that every table has as many rows
 * as its source and that a sample of rows is there column for column. Anything wrong rolls it all back.
 * The SQLite file is only read.
 */
export async function copySqliteToPostgres(file: string, url: string, poolSize = 2): Promise<CopyReport> {
  const started = performance.now();
  const source = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  const target = await openDatabase({ database: { kind: 'postgres', url, poolSize } });
  try {
    // Empty: no tables, or only what migrating an empty database writes (a copy that failed rolled back).
    const existing = (await userTables(target.db, 'postgres')).filter(
      (table) => !MIGRATION_TABLES.has(table),
    );
    for (const table of existing.length > 0 ? ['organizations', 'accounts'] : []) {
      const rows = existing.includes(table)
        ? (await target.pool!.query(`select 1 from ${quote(table)} limit 1`)).rows
        : [{ foreign: true }];
      if (rows.length > 0) {
        throw new BackupError(
          `the PostgreSQL database is not empty (${existing.includes(table) ? `table ${table} has rows` : 'it holds other tables'}): give an empty database (createdb) in --database-url`,
        );
      }
    }
    await migrateToLatest(target.db);
    const sourceTables = new Set(
      (
        source.prepare(`select name from sqlite_master where type = 'table'`).all() as Array<{ name: string }>
      ).map((row) => row.name),
    );
    const shared = (await userTables(target.db, 'postgres')).filter(
      (table) => !MIGRATION_TABLES.has(table) && sourceTables.has(table),
    );
    const client = await target.pool!.connect();
    const report: CopyReport = { tables: [], sampled: 0, ms: 0 };
    try {
      await client.query('begin');
      const order = await copyOrder(client, shared);
      // Reference rows the migrations wrote (platforms, products, ...) are replaced by the source's own.
      for (const table of [...order].reverse()) await client.query(`delete from ${quote(table)}`);
      for (const table of order) {
        const targetColumns = new Set(
          (
            await client.query<{ column_name: string }>(
              `select column_name from information_schema.columns where table_schema = current_schema() and table_name = $1`,
              [table],
            )
          ).rows.map((row) => row.column_name),
        );
        const tableInfo = source.prepare(`pragma table_info(${quote(table)})`).all() as Array<{
          name: string;
          pk: number;
        }>;
        const columns = tableInfo.map((column) => column.name).filter((name) => targetColumns.has(name));
        const list = columns.map(quote).join(', ');
        const perBatch = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
        const select = source
          .prepare(`select ${list} from ${quote(table)} order by ${copyOrderOf(source, table, tableInfo)}`)
          .raw(true);
        let batch: unknown[][] = [];
        let copied = 0;
        const flush = async () => {
          if (batch.length === 0) return;
          const values = batch
            .map((_row, r) => `(${columns.map((_c, c) => `$${r * columns.length + c + 1}`).join(', ')})`)
            .join(', ');
          await client.query(`insert into ${quote(table)} (${list}) values ${values}`, batch.flat());
          copied += batch.length;
          batch = [];
        };
        for (const row of select.iterate() as Iterable<unknown[]>) {
          batch.push(row);
          if (batch.length >= perBatch) await flush();
        }
        await flush();
        const sourceCount = Number(
          (source.prepare(`select count(*) as n from ${quote(table)}`).get() as { n: number }).n,
        );
        const targetCount = Number(
          (await client.query(`select count(*) as n from ${quote(table)}`)).rows[0].n,
        );
        if (sourceCount !== targetCount || copied !== sourceCount) {
          throw new Error(`table ${table}: ${sourceCount} rows in SQLite but ${targetCount} in PostgreSQL`);
        }
        const samples = source
          .prepare(`select ${list} from ${quote(table)} order by random() limit ${SAMPLE_ROWS}`)
          .raw(true)
          .all() as unknown[][];
        for (const sample of samples) {
          const where = columns
            .map((column, c) => `${quote(column)} is not distinct from $${c + 1}`)
            .join(' and ');
          const found = await client.query(`select 1 from ${quote(table)} where ${where} limit 1`, sample);
          if (found.rowCount === 0) throw new Error(`table ${table}: a sampled row differs after the copy`);
          report.sampled += 1;
        }
        if (targetColumns.has('id')) {
          const { rows } = await client.query<{ seq: string | null }>(
            `select pg_get_serial_sequence($1, 'id') as seq`,
            [quote(table)],
          );
          const sequence = rows[0]?.seq;
          // Ids go on after the highest copied one (a table keyed by text has no sequence).
          if (sequence) {
            await client.query(
              `select setval($1::regclass, coalesce((select max(id) from ${quote(table)}), 0) + 1, false)`,
              [sequence],
            );
          }
        }
        report.tables.push({ name: table, rows: sourceCount });
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    report.ms = Math.round(performance.now() - started);
    return report;
  } finally {
    source.close();
    await target.destroy();
  }
}

/**
 * `npm run bench:migrate`: the time `migrate-to-postgres` takes to copy an embedded deployment whose demo
 * organisation has BENCH_MEMBERS (default 100,000) members into an empty PostgreSQL database on a throwaway
 * cluster, with the rows per table checked equal; then the same deployment's backup and restore round trips
 * (SQLite's online backup into a new file, pg_dump / pg_restore of the copy into a new database), each with
 * every table's row count checked equal to its source. Prints one JSON object; exits non-zero on a mismatch.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemoOrganization } from '../server/db/seed';
import {
  backupPostgres,
  backupSqlite,
  restorePostgres,
  restoreSqlite,
  userTables,
} from '../server/services/database-backup';
import { copySqliteToPostgres } from '../server/services/postgres-migration';
import { startPostgresCluster } from '../tests/helpers/postgres-cluster';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);

/** Rows per table of an open database, Kysely's own tables left out. */
async function rowCounts(
  database: DatabaseHandle,
  kind: 'sqlite' | 'postgres',
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await userTables(database.db, kind)) {
    if (table.startsWith('kysely_')) continue;
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(
      database.db,
    );
    counts[table] = Number(rows[0].n);
  }
  return counts;
}

/** The tables whose row counts differ between two databases (a missing table counts as a difference). */
function mismatches(source: Record<string, number>, copy: Record<string, number>): string[] {
  const tables = new Set([...Object.keys(source), ...Object.keys(copy)]);
  return [...tables].filter((table) => source[table] !== copy[table]);
}

/** Opens a database, reads its row counts, closes it. */
async function countsOf(config: Parameters<typeof openDatabase>[0]): Promise<Record<string, number>> {
  const database = await openDatabase(config);
  try {
    return await rowCounts(database, config.database.kind);
  } finally {
    await database.destroy();
  }
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-migrate-bench-'));
  const file = path.join(dir, 'portal.sqlite');
  const cluster = await startPostgresCluster();
  if (!cluster) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql');
  try {
    const source = await openDatabase({ database: { kind: 'sqlite', file } });
    await migrateToLatest(source.db);
    const seeded = await seedDemoOrganization(source.db, Date.now());
    await source.destroy();
    const sqlite = new Database(file);
    const { org_id: orgId } = sqlite
      .prepare('select org_id from accounts where email = ?')
      .get(seeded?.admin.account ?? '') as { org_id: number };
    const insert = sqlite.prepare(
      `insert into accounts (org_id, real_name, mobile, password_hash, status, is_org_admin, login_type, lang,
         ui_version, photo, must_change_password, password_changed_at, is_home_guided,
         is_personal_center_guided, created_at)
       values (?, ?, ?, 'x', 'active', 0, 0, 'zh-CN', 'NEW', '', 0, 0, 0, 0, ?)`,
    );
    sqlite.transaction(() => {
      for (let i = 0; i < MEMBERS; i += 1)
        insert.run(orgId, `Member ${i}`, String(16_000_000_000 + i * 7), i);
    })();
    sqlite.close();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('create database bench_target');
    await admin.end();
    const url = cluster.url.replace(/\/postgres$/, '/bench_target');
    const report = await copySqliteToPostgres(file, url);
    const rows = report.tables.reduce((sum, table) => sum + table.rows, 0);

    const sqliteCounts = await countsOf({ database: { kind: 'sqlite', file } });
    const sqliteBackup = path.join(dir, 'portal.backup.sqlite');
    const restoredFile = path.join(dir, 'restored.sqlite');
    let started = performance.now();
    const sqliteBackupBytes = await backupSqlite(file, sqliteBackup);
    const sqliteBackupMs = performance.now() - started;
    const restoredSqlite = await openDatabase({ database: { kind: 'sqlite', file: restoredFile } });
    started = performance.now();
    await restoreSqlite(restoredSqlite.db, restoredFile, sqliteBackup);
    const sqliteRestoreMs = performance.now() - started;
    await restoredSqlite.destroy();
    const sqliteDiffers = mismatches(
      sqliteCounts,
      await countsOf({ database: { kind: 'sqlite', file: restoredFile } }),
    );

    const postgresCounts = await countsOf({ database: { kind: 'postgres', url, poolSize: 2 } });
    const postgresBackup = path.join(dir, 'portal.backup.pgdump');
    started = performance.now();
    const postgresBackupBytes = await backupPostgres(url, postgresBackup);
    const postgresBackupMs = performance.now() - started;
    const admin2 = new pg.Client({ connectionString: cluster.url });
    await admin2.connect();
    await admin2.query('create database bench_restored');
    await admin2.end();
    const restoredUrl = cluster.url.replace(/\/postgres$/, '/bench_restored');
    const restoredPostgres = await openDatabase({
      database: { kind: 'postgres', url: restoredUrl, poolSize: 2 },
    });
    started = performance.now();
    await restorePostgres(restoredPostgres.db, restoredUrl, postgresBackup);
    const postgresRestoreMs = performance.now() - started;
    await restoredPostgres.destroy();
    const postgresDiffers = mismatches(
      postgresCounts,
      await countsOf({ database: { kind: 'postgres', url: restoredUrl, poolSize: 2 } }),
    );
    const migratedDiffers = mismatches(
      Object.fromEntries(Object.entries(sqliteCounts).filter(([table]) => table in postgresCounts)),
      postgresCounts,
    );
    console.log(
      JSON.stringify(
        {
          bench: 'migrate-to-postgres',
          members: MEMBERS,
          tables: report.tables.length,
          rows,
          accounts: report.tables.find((table) => table.name === 'accounts')?.rows,
          sampledRowsChecked: report.sampled,
          sqliteMb: Math.round(fs.statSync(file).size / 1e5) / 10,
          ms: report.ms,
          rowsPerSecond: Math.round(rows / (report.ms / 1000)),
          migratedTablesWithOtherCounts: migratedDiffers,
          sqliteRoundTrip: {
            backupMs: Math.round(sqliteBackupMs),
            restoreMs: Math.round(sqliteRestoreMs),
            backupMb: Math.round(sqliteBackupBytes / 1e5) / 10,
            accounts: sqliteCounts.accounts,
            tablesWithOtherCounts: sqliteDiffers,
          },
          postgresRoundTrip: {
            backupMs: Math.round(postgresBackupMs),
            restoreMs: Math.round(postgresRestoreMs),
            backupMb: Math.round(postgresBackupBytes / 1e5) / 10,
            accounts: postgresCounts.accounts,
            tablesWithOtherCounts: postgresDiffers,
          },
        },
        null,
        2,
      ),
    );
    if (migratedDiffers.length + sqliteDiffers.length + postgresDiffers.length > 0) process.exitCode = 1;
  } finally {
    cluster.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();

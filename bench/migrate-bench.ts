/**
 * `npm run bench:migrate`: the time `migrate-to-postgres` takes to copy an embedded deployment whose demo
 * organisation has BENCH_MEMBERS (default 100,000) members into an empty PostgreSQL database on a throwaway
 * cluster, with the rows per table checked equal. Prints one JSON object.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemoOrganization } from '../server/db/seed';
import { copySqliteToPostgres } from '../server/services/postgres-migration';
import { startPostgresCluster } from '../tests/helpers/postgres-cluster';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);

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
        },
        null,
        2,
      ),
    );
  } finally {
    cluster.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();

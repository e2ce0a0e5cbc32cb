import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../../server/db/database';
import type { Database } from '../../../server/db/tables';
import { seedDemoOrganization } from '../../../server/db/seed';
import {
  BackupError,
  backupPostgres,
  backupSqlite,
  restorePostgres,
  restoreSqlite,
  userTables,
} from '../../../server/services/database-backup';
import { copySqliteToPostgres } from '../../../server/services/postgres-migration';
import { adminQuery } from '../../helpers/database-templates';
import {
  createTestDatabase,
  type Engine,
  engines,
  type TestDatabase,
  postgresAdminUrl,
} from '../../helpers/test-database';
import type { Kysely } from 'kysely';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-backup-'));
const created: string[] = [];
afterAll(async () => {
  const adminUrl = inject('postgresUrl');
  for (const name of created) await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A new, empty PostgreSQL database on the test server; its URL. */
async function emptyPostgres(): Promise<string> {
  const adminUrl = await postgresAdminUrl();
  const name = `uc_empty_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  created.push(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Rows per table, the migrations' own tables and SQLite's search index left out. */
async function rowCounts(db: Kysely<Database>, kind: Engine): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await userTables(db, kind)) {
    // SQLite's FTS5 search tables: PostgreSQL keeps the same search as pg_trgm indexes, not tables.
    if (['kysely_', 'member_search', 'monomer_search'].some((prefix) => table.startsWith(prefix))) continue;
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(
      db,
    );
    counts[table] = Number(rows[0].n);
  }
  return counts;
}

describe.each(engines())('backup and restore of the demo data on %s', (engine) => {
  let source: TestDatabase;
  beforeAll(async () => {
    source = await createTestDatabase(engine);
    await seedDemoOrganization(source.db, Date.now());
  });
  afterAll(() => source.drop());

  it('backs up while serving and restores into an empty database with equal row counts', async () => {
    const to = path.join(dir, `${engine}.backup`);
    const expected = await rowCounts(source.db, engine);
    expect(expected.accounts).toBeGreaterThan(0);
    let restored: DatabaseHandle;
    if (source.config.database.kind === 'sqlite') {
      expect(await backupSqlite(source.config.database.file, to)).toBeGreaterThan(0);
      const file = path.join(dir, 'restored.sqlite');
      restored = await openDatabase({ database: { kind: 'sqlite', file } });
      await restoreSqlite(restored.db, file, to);
    } else {
      await backupPostgres(source.config.database.url, to);
      const url = await emptyPostgres();
      restored = await openDatabase({ database: { kind: 'postgres', url, poolSize: 2 } });
      await restorePostgres(restored.db, url, to);
    }
    try {
      expect(await rowCounts(restored.db, engine)).toEqual(expected);
      // A database with tables is refused, and left as it was.
      const again =
        source.config.database.kind === 'sqlite'
          ? restoreSqlite(source.db, source.config.database.file, to)
          : restorePostgres(source.db, source.config.database.url, to);
      await expect(again).rejects.toThrow(/is not empty \(\d+ tables\)/);
      expect(await rowCounts(source.db, engine)).toEqual(expected);
    } finally {
      await restored.destroy();
    }
  });

  it('refuses to overwrite an existing backup file', async () => {
    const to = path.join(dir, `${engine}-taken.backup`);
    fs.writeFileSync(to, 'x');
    const attempt =
      source.config.database.kind === 'sqlite'
        ? backupSqlite(source.config.database.file, to)
        : backupPostgres(source.config.database.url, to);
    await expect(attempt).rejects.toThrow(BackupError);
  });
});

describe.runIf(engines().includes('postgres'))('migrate-to-postgres of the demo data', () => {
  it('copies every table with equal row counts, leaves the SQLite file untouched, refuses a non-empty target', async () => {
    const source = await createTestDatabase('sqlite');
    try {
      await seedDemoOrganization(source.db, Date.now());
      const expected = await rowCounts(source.db, 'sqlite');
      const file = source.config.database.kind === 'sqlite' ? source.config.database.file : '';
      const hash = () => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
      const before = hash();
      const url = await emptyPostgres();
      const report = await copySqliteToPostgres(file, url);
      expect(report.sampled).toBeGreaterThan(0);
      expect(hash()).toBe(before);
      const target = await openDatabase({ database: { kind: 'postgres', url, poolSize: 2 } });
      try {
        expect(await rowCounts(target.db, 'postgres')).toEqual(expected);
        // Ids go on after the copied ones.
        const maxId = Number(
          (
            await target.db
              .selectFrom('accounts')
              .select((eb) => eb.fn.max('id').as('m'))
              .executeTakeFirstOrThrow()
          ).m,
        );
        const { rows } = await sql<{
          next: string;
        }>`select nextval(pg_get_serial_sequence('accounts', 'id')) as next`.execute(target.db);
        expect(Number(rows[0].next)).toBe(maxId + 1);
      } finally {
        await target.destroy();
      }
      await expect(copySqliteToPostgres(file, url)).rejects.toThrow(
        /is not empty \(table organizations has rows\)/,
      );
    } finally {
      await source.drop();
    }
  });
});

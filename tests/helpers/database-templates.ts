import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';

/** Where the migrated template databases of this run are: a SQLite file, a PostgreSQL database name. */
export interface DatabaseTemplateNames {
  sqliteFile: string;
  /** '' without PostgreSQL. */
  postgresDatabase: string;
}

export interface DatabaseTemplates extends DatabaseTemplateNames {
  drop(): Promise<void>;
}

/** Names the run's templates before they exist, so test processes can be told them at once. */
export function planDatabaseTemplates(postgresUrl: string): DatabaseTemplateNames {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-template-'));
  return {
    sqliteFile: path.join(dir, 'template.sqlite'),
    postgresDatabase: postgresUrl ? `uc_template_${randomBytes(6).toString('hex')}` : '',
  };
}

/**
 * Migrates one SQLite file and one PostgreSQL database once per run, for createTestDatabase to copy: a copy
 * (`create database ... template`, a file copy) costs a fraction of running every migration again for each
 * test file (on PostgreSQL about 130 ms against 420 ms, most of it DDL round trips).
 */
export async function createDatabaseTemplates(
  postgresUrl: string,
  names: DatabaseTemplateNames = planDatabaseTemplates(postgresUrl),
): Promise<DatabaseTemplates> {
  const { sqliteFile, postgresDatabase } = names;
  const dir = path.dirname(sqliteFile);
  const sqlite = await openDatabase({ database: { kind: 'sqlite', file: sqliteFile } });
  await migrateToLatest(sqlite.db);
  // Closing the only connection checkpoints the write-ahead log into the file, so the file alone is a copy.
  await sqlite.destroy();

  if (postgresDatabase) {
    await adminQuery(postgresUrl, `create database ${postgresDatabase}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${postgresDatabase}`;
    const handle = await openDatabase({ database: { kind: 'postgres', url: url.toString(), poolSize: 1 } });
    await migrateToLatest(handle.db);
    // A template must have no connections while it is copied.
    await handle.destroy();
  }

  return {
    sqliteFile,
    postgresDatabase,
    async drop() {
      fs.rmSync(dir, { recursive: true, force: true });
      if (postgresDatabase)
        await adminQuery(postgresUrl, `drop database if exists ${postgresDatabase} with (force)`);
    },
  };
}

/** Runs one statement on the server's admin database with a connection of its own. */
export async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

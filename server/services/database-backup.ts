import { spawn } from 'node:child_process';
import fs from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/tables';

/** A backup or restore that cannot be done, in the operator's words. */
export class BackupError extends Error {}

/** The tables of the database's current schema (PostgreSQL) or file (SQLite), internal ones left out. */
export async function userTables(db: Kysely<Database>, kind: 'sqlite' | 'postgres'): Promise<string[]> {
  const result =
    kind === 'sqlite'
      ? await sql<{ name: string }>`
          select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(
          db,
        )
      : await sql<{ name: string }>`
          select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(
          db,
        );
  return result.rows.map((row) => row.name);
}

/**
 * Copies the SQLite file to `to` with SQLite's online backup, page by page, while the server keeps serving
 * (a write meanwhile restarts the copy of what changed; the result is one consistent moment).
 */
export async function backupSqlite(file: string, to: string): Promise<number> {
  if (fs.existsSync(to)) throw new BackupError(`${to} already exists: choose a new file name`);
  const source = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    await source.backup(to);
  } finally {
    source.close();
  }
  return fs.statSync(to).size;
}

/**
 * Fills an empty SQLite database (`file`, open as `db`) from a backup file: SQLite's backup from the backup
 * file into it. Refuses a database that has any table, and a file that is not a portal backup.
 */
export async function restoreSqlite(db: Kysely<Database>, file: string, from: string): Promise<number> {
  if (!fs.existsSync(from)) throw new BackupError(`${from} does not exist`);
  const tables = await userTables(db, 'sqlite');
  if (tables.length > 0) {
    throw new BackupError(
      `the database ${file} is not empty (${tables.length} tables): restore into a new DATA_DIR, or move the file away first`,
    );
  }
  let source: SqliteDatabase.Database;
  try {
    source = new SqliteDatabase(from, { readonly: true, fileMustExist: true });
    source.prepare('select count(*) from kysely_migration').get();
  } catch {
    throw new BackupError(`${from} is not a backup of the portal's SQLite database`);
  }
  try {
    await source.backup(file);
  } finally {
    source.close();
  }
  return fs.statSync(file).size;
}

/** The URL without its password, which goes to the PostgreSQL tools in PGPASSWORD instead of their command line. */
function connectionOf(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a PostgreSQL tool; a missing tool is a BackupError saying how to get it. */
function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} is not installed: install the PostgreSQL client tools of your server's major version (Debian: apt-get install postgresql-client), or use your provider's backups`,
            )
          : error,
      );
    });
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} failed (exit ${code}): ${errors.trim().split('\n')[0] ?? ''}`));
    });
  });
}

/** A PostgreSQL backup with pg_dump in its custom format (compressed; pg_restore reads it). */
export async function backupPostgres(
  url: string,
  to: string,
  tools = { pgDump: 'pg_dump' },
): Promise<number> {
  if (fs.existsSync(to)) throw new BackupError(`${to} already exists: choose a new file name`);
  const connection = connectionOf(url);
  await runTool(
    tools.pgDump,
    ['--format=custom', '--no-owner', `--file=${to}`, connection.url],
    connection.env,
  );
  return fs.statSync(to).size;
}

/** Fills an empty PostgreSQL database from a pg_dump backup with pg_restore, in one transaction. */
export async function restorePostgres(
  db: Kysely<Database>,
  url: string,
  from: string,
  tools = { pgRestore: 'pg_restore' },
): Promise<void> {
  if (!fs.existsSync(from)) throw new BackupError(`${from} does not exist`);
  const tables = await userTables(db, 'postgres');
  if (tables.length > 0) {
    throw new BackupError(
      `the database is not empty (${tables.length} tables): restore into a new, empty database (createdb) and point DATABASE_URL at it`,
    );
  }
  const connection = connectionOf(url);
  await runTool(
    tools.pgRestore,
    [
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${connection.url}`,
      from,
    ],
    connection.env,
  );
}

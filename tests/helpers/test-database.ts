import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { adminQuery } from './database-templates';

export type Engine = 'sqlite' | 'postgres';

/** The engines this run tests against: SQLite always, PostgreSQL when the global setup found one. */
export function engines(): Engine[] {
  return inject('postgresUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
}

let ready: Promise<void> | null = null;

/**
 * Waits until the run's PostgreSQL server and template databases exist: the global setup makes them while
 * the first test files run (global-setup.ts) and writes a file when done, or the reason it failed.
 */
export function runDatabasesReady(): Promise<void> {
  ready ??= new Promise<string>((resolve, reject) => {
    const file = inject('runDatabasesReady');
    const watcher = fs.watch(path.dirname(file), () => read());
    function read() {
      try {
        const text = fs.readFileSync(file, 'utf8');
        watcher.close();
        resolve(text);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        watcher.close();
        reject(error as Error);
      }
    }
    read();
  }).then((text) => {
    const { error } = JSON.parse(text) as { error?: string };
    if (error) throw new Error(`the run's test databases could not be made:\n${error}`);
  });
  return ready;
}

/** The admin URL of the run's PostgreSQL server once it answers ('' when the run has none). */
export async function postgresAdminUrl(): Promise<string> {
  await runDatabasesReady();
  return inject('postgresUrl');
}

export interface TestDatabase extends DatabaseHandle {
  /** Closes the handle and throws the database away. */
  drop(): Promise<void>;
  config: Parameters<typeof openDatabase>[0];
}

/**
 * A fresh, migrated database of one engine, private to the calling test file: a copy of the run's migrated
 * template (see database-templates.ts) when the global setup made one. Migrating it again checks that the
 * copy is up to date and costs a query.
 */
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  await runDatabasesReady();
  const templates = inject('databaseTemplates');
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-sqlite-'));
    const config = { database: { kind: 'sqlite' as const, file: path.join(dir, 'test.sqlite') } };
    if (templates?.sqliteFile) fs.copyFileSync(templates.sqliteFile, config.database.file);
    const handle = await openDatabase(config);
    await migrateToLatest(handle.db);
    return {
      ...handle,
      config,
      async drop() {
        await handle.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = inject('postgresUrl');
  const name = `uc_test_${randomBytes(6).toString('hex')}`;
  const template = templates?.postgresDatabase ? ` template ${templates.postgresDatabase}` : '';
  await adminQuery(adminUrl, `create database ${name}${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const config = { database: { kind: 'postgres' as const, url: url.toString(), poolSize: 5 } };
  const handle = await openDatabase(config);
  await migrateToLatest(handle.db);
  return {
    ...handle,
    config,
    async drop() {
      await handle.destroy();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

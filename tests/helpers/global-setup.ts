import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  createDatabaseTemplates,
  type DatabaseTemplateNames,
  type DatabaseTemplates,
  planDatabaseTemplates,
} from './database-templates';
import { freePort } from './free-port';
import { type PostgresCluster, postgresInstalled, startPostgresCluster } from './postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the PostgreSQL server repository tests create their databases on, or '' for none. */
    postgresUrl: string;
    /** The migrated databases createTestDatabase copies. */
    databaseTemplates: DatabaseTemplateNames;
    /** The file written once the server and the templates are ready (test-database.ts waits for it). */
    runDatabasesReady: string;
  }
}

interface RunDatabases {
  cluster: PostgresCluster | null;
  templates: DatabaseTemplates;
}

/**
 * What the run's projects share: every project naming this file gets the same cluster and templates. The
 * projects load the file each on its own, so the state lives on the main process's global object.
 */
interface Shared {
  users: number;
  url: string;
  names: DatabaseTemplateNames;
  readyFile: string;
  ready: Promise<RunDatabases | null>;
}
const SHARED = Symbol.for('lab-account-centre.test-databases');
const globals = globalThis as typeof globalThis & { [SHARED]?: Promise<Shared> };

/**
 * Names the run's PostgreSQL server and templates at once and makes them in the background: vitest starts
 * no test file before every global setup has returned, and the client and domain files, which use no
 * database, need not wait for initdb and two migrations (test-database.ts waits for `readyFile`).
 */
async function planRunDatabases(): Promise<Omit<Shared, 'users'>> {
  let url = process.env.TEST_POSTGRES_URL ?? '';
  let port: number | undefined;
  if (!url && postgresInstalled()) {
    port = await freePort();
    url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  }
  if (!url) {
    if (process.env.CI)
      throw new Error('PostgreSQL is required under CI: install it or set TEST_POSTGRES_URL');
    console.warn('No PostgreSQL found: repository and API tests run on SQLite only.');
  }
  const names = planDatabaseTemplates(url);
  const readyFile = path.join(path.dirname(names.sqliteFile), 'ready.json');
  const ready = (async () => {
    let cluster: PostgresCluster | null = null;
    try {
      if (port !== undefined) cluster = await startPostgresCluster({ port });
      const templates = await createDatabaseTemplates(url, names);
      signalReady(readyFile, {});
      return { cluster, templates };
    } catch (error) {
      cluster?.stop();
      signalReady(readyFile, { error: error instanceof Error ? error.stack : String(error) });
      return null;
    }
  })();
  return { url, names, readyFile, ready };
}

/** Writes the ready file whole (a rename), so a reader never sees half of it. */
function signalReady(file: string, content: { error?: string }): void {
  fs.writeFileSync(`${file}.part`, JSON.stringify(content));
  fs.renameSync(`${file}.part`, file);
}

/**
 * Gives the server tests a PostgreSQL server: TEST_POSTGRES_URL when set, else a throwaway cluster.
 * Under CI a missing PostgreSQL is an error, so the PostgreSQL half of the suite never silently vanishes.
 * Then the migrated template databases of the run (database-templates.ts). One of each per run, however
 * many projects name this file.
 */
export async function setup(project: TestProject): Promise<void> {
  const shared = await (globals[SHARED] ??= planRunDatabases().then((plan) => ({ ...plan, users: 0 })));
  shared.users += 1;
  project.provide('postgresUrl', shared.url);
  project.provide('databaseTemplates', shared.names);
  project.provide('runDatabasesReady', shared.readyFile);
}

export async function teardown(): Promise<void> {
  const shared = await globals[SHARED]?.catch(() => null);
  if (!shared) return;
  shared.users -= 1;
  if (shared.users > 0) return;
  delete globals[SHARED];
  const databases = await shared.ready;
  if (!databases) {
    fs.rmSync(path.dirname(shared.readyFile), { recursive: true, force: true });
    return;
  }
  const { cluster, templates } = databases;
  await templates.drop().catch(() => undefined);
  cluster?.stop();
}

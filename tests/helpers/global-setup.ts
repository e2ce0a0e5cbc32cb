import type { TestProject } from 'vitest/node';
import {
  createDatabaseTemplates,
  type DatabaseTemplateNames,
  type DatabaseTemplates,
} from './database-templates';
import { type PostgresCluster, startPostgresCluster } from './postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the PostgreSQL server repository tests create their databases on, or '' for none. */
    postgresUrl: string;
    /** The migrated databases createTestDatabase copies. */
    databaseTemplates: DatabaseTemplateNames;
  }
}

interface RunDatabases {
  url: string;
  cluster: PostgresCluster | null;
  templates: DatabaseTemplates;
}

/**
 * What the run's projects share: every project naming this file gets the same cluster and templates. The
 * projects load the file each on its own, so the state lives on the main process's global object.
 */
interface Shared {
  users: number;
  ready: Promise<RunDatabases>;
}
const SHARED = Symbol.for('lab-account-centre.test-databases');
const globals = globalThis as typeof globalThis & { [SHARED]?: Shared };

async function startRunDatabases(): Promise<RunDatabases> {
  let url = process.env.TEST_POSTGRES_URL ?? '';
  let cluster: PostgresCluster | null = null;
  if (!url) {
    cluster = await startPostgresCluster();
    url = cluster?.url ?? '';
  }
  if (!url) {
    if (process.env.CI)
      throw new Error('PostgreSQL is required under CI: install it or set TEST_POSTGRES_URL');
    console.warn('No PostgreSQL found: repository and API tests run on SQLite only.');
  }
  return { url, cluster, templates: await createDatabaseTemplates(url) };
}

/**
 * Gives the server tests a PostgreSQL server: TEST_POSTGRES_URL when set, else a throwaway cluster.
 * Under CI a missing PostgreSQL is an error, so the PostgreSQL half of the suite never silently vanishes.
 * Then the migrated template databases of the run (database-templates.ts). One of each per run, however
 * many projects name this file.
 */
export async function setup(project: TestProject): Promise<void> {
  const shared = (globals[SHARED] ??= { users: 0, ready: startRunDatabases() });
  shared.users += 1;
  const { url, templates } = await shared.ready;
  project.provide('postgresUrl', url);
  project.provide('databaseTemplates', {
    sqliteFile: templates.sqliteFile,
    postgresDatabase: templates.postgresDatabase,
  });
}

export async function teardown(): Promise<void> {
  const shared = globals[SHARED];
  if (!shared) return;
  shared.users -= 1;
  if (shared.users > 0) return;
  delete globals[SHARED];
  const databases = await shared.ready.catch(() => null);
  if (!databases) return;
  const { cluster, templates } = databases;
  await templates.drop().catch(() => undefined);
  cluster?.stop();
}

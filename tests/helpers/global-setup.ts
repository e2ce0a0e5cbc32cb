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

let cluster: PostgresCluster | null = null;
let templates: DatabaseTemplates | null = null;

/**
 * Gives the server tests a PostgreSQL server: TEST_POSTGRES_URL when set, else a throwaway cluster.
 * Under CI a missing PostgreSQL is an error, so the PostgreSQL half of the suite never silently vanishes.
 * Then the migrated template databases of the run (database-templates.ts).
 */
export async function setup(project: TestProject): Promise<void> {
  let url = process.env.TEST_POSTGRES_URL ?? '';
  if (!url) {
    cluster = await startPostgresCluster();
    url = cluster?.url ?? '';
  }
  if (!url) {
    if (process.env.CI)
      throw new Error('PostgreSQL is required under CI: install it or set TEST_POSTGRES_URL');
    console.warn('No PostgreSQL found: repository and API tests run on SQLite only.');
  }
  project.provide('postgresUrl', url);
  templates = await createDatabaseTemplates(url);
  project.provide('databaseTemplates', {
    sqliteFile: templates.sqliteFile,
    postgresDatabase: templates.postgresDatabase,
  });
}

export async function teardown(): Promise<void> {
  await templates?.drop().catch(() => undefined);
  templates = null;
  cluster?.stop();
  cluster = null;
}

import type { TestProject } from 'vitest/node';
import { type PostgresCluster, startPostgresCluster } from './postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the PostgreSQL server repository tests create their databases on, or '' for none. */
    postgresUrl: string;
  }
}

let cluster: PostgresCluster | null = null;

/**
 * Gives the server tests a PostgreSQL server: TEST_POSTGRES_URL when set, else a throwaway cluster.
 * Under CI a missing PostgreSQL is an error, so the PostgreSQL half of the suite never silently vanishes.
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
}

export async function teardown(): Promise<void> {
  cluster?.stop();
  cluster = null;
}

import type { Kysely } from 'kysely';
import type { AppConfig } from '../config';
import type { Database } from '../db/tables';
import type { Repositories } from '../repositories';

/** What every route module is registered with: the database, its repositories, config and the clock. */
export interface RouteDeps {
  db: Kysely<Database>;
  repos: Repositories;
  config: AppConfig;
  now: () => number;
}

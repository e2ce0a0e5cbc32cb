import type { Insertable, Kysely } from 'kysely';
import type { Database, LoginLogsTable } from '../db/tables';

/** One row per sign-in attempt, successful or not. */
export function createLoginLogsRepository(db: Kysely<Database>) {
  return {
    async insert(row: Insertable<LoginLogsTable>): Promise<void> {
      await db.insertInto('login_logs').values(row).execute();
    },
  };
}

import type { Insertable, Kysely } from 'kysely';
import type { Database, LoginLogsTable } from '../db/tables';

/** One row per sign-in attempt, successful or not. */
export function createLoginLogsRepository(db: Kysely<Database>) {
  return {
    async insert(row: Insertable<LoginLogsTable>): Promise<void> {
      await db.insertInto('login_logs').values(row).execute();
    },

    /** The most recent attempts of an account, newest first. */
    async recentForAccount(orgId: number, accountId: number, limit: number) {
      return db
        .selectFrom('login_logs')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('account_id', '=', accountId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type LoginLogsRepository = ReturnType<typeof createLoginLogsRepository>;

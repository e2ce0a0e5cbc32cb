import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

/** Earlier password hashes of accounts, so a new password can be refused when it was used recently. */
export function createPasswordHistoryRepository(db: Kysely<Database>) {
  return {
    /** The hashes of an account's last `count` earlier passwords, newest first. */
    async latest(orgId: number, accountId: number, count: number): Promise<string[]> {
      if (count <= 0) return [];
      const rows = await db
        .selectFrom('password_history')
        .select('password_hash')
        .where('org_id', '=', orgId)
        .where('account_id', '=', accountId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(count)
        .execute();
      return rows.map((row) => row.password_hash);
    },

    /** Remembers a password hash the account no longer uses. */
    async insert(orgId: number, accountId: number, passwordHash: string, now: number): Promise<void> {
      await db
        .insertInto('password_history')
        .values({ org_id: orgId, account_id: accountId, password_hash: passwordHash, created_at: now })
        .execute();
    },

    /** Forgets all but the newest `keep` earlier hashes of an account: no more are kept than are checked. */
    async trim(orgId: number, accountId: number, keep: number): Promise<void> {
      const kept = db
        .selectFrom('password_history')
        .select('id')
        .where('org_id', '=', orgId)
        .where('account_id', '=', accountId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(Math.max(0, keep));
      await db
        .deleteFrom('password_history')
        .where('org_id', '=', orgId)
        .where('account_id', '=', accountId)
        .where('id', 'not in', kept)
        .execute();
    },
  };
}

import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

export interface NewSession {
  tokenHash: string;
  accountId: number;
  orgId: number;
  autoLogin: boolean;
  now: number;
  ip: string;
  userAgent: string;
}

/** Sign-in sessions; only the SHA-256 of each token is stored. */
export function createSessionsRepository(db: Kysely<Database>) {
  return {
    async insert(session: NewSession): Promise<number> {
      const row = await db
        .insertInto('sessions')
        .values({
          token_hash: session.tokenHash,
          account_id: session.accountId,
          org_id: session.orgId,
          auto_login: session.autoLogin ? 1 : 0,
          created_at: session.now,
          last_seen_at: session.now,
          revoked_at: null,
          ip: session.ip,
          user_agent: session.userAgent.slice(0, 500),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** A session by its token hash, with the account it belongs to when that account may still sign in. */
    async findByTokenHash(tokenHash: string) {
      return db
        .selectFrom('sessions as s')
        .innerJoin('accounts as a', (join) =>
          join.onRef('a.id', '=', 's.account_id').onRef('a.org_id', '=', 's.org_id'),
        )
        .innerJoin('organizations as o', 'o.id', 's.org_id')
        .select([
          's.id',
          's.account_id',
          's.org_id',
          's.auto_login',
          's.created_at',
          's.last_seen_at',
          's.revoked_at',
          'a.status as account_status',
          'a.is_org_admin',
          'a.real_name',
          'a.lang',
          'o.name as org_name',
        ])
        .where('s.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    async touch(id: number, now: number): Promise<void> {
      await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
    },

    async revoke(id: number, now: number): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Ends every open session of an account (password reset, and later removal or SSO enforcement). */
    async revokeAllForAccount(orgId: number, accountId: number, now: number): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('org_id', '=', orgId)
        .where('account_id', '=', accountId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Deletes sessions that can no longer be used, whatever their state. */
    async purgeOlderThan(createdBefore: number): Promise<void> {
      await db.deleteFrom('sessions').where('created_at', '<', createdBefore).execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;

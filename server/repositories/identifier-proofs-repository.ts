import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

/** Whose a proof is: the account and the very session that gave it. */
export interface ProofHolder {
  orgId: number;
  accountId: number;
  sessionId: number;
}

/**
 * Proofs that the owner is changing a sign-in mobile number or email; only the SHA-256 of each token is
 * stored. A proof is live while unused and unexpired, and only for its own account and session.
 */
export function createIdentifierProofsRepository(db: Kysely<Database>) {
  const live = (tokenHash: string, holder: ProofHolder, now: number) =>
    db
      .updateTable('identifier_change_proofs')
      .where('token_hash', '=', tokenHash)
      .where('org_id', '=', holder.orgId)
      .where('account_id', '=', holder.accountId)
      .where('session_id', '=', holder.sessionId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now);
  return {
    async insert(row: {
      tokenHash: string;
      holder: ProofHolder;
      method: 'password' | 'sms' | 'email';
      now: number;
      expiresAt: number;
    }): Promise<void> {
      await db
        .insertInto('identifier_change_proofs')
        .values({
          token_hash: row.tokenHash,
          org_id: row.holder.orgId,
          account_id: row.holder.accountId,
          session_id: row.holder.sessionId,
          method: row.method,
          created_at: row.now,
          expires_at: row.expiresAt,
          used_at: null,
        })
        .execute();
    },

    /** Whether a proof is live for this account and session (a read: the proof stays usable). */
    async isLive(tokenHash: string, holder: ProofHolder, now: number): Promise<boolean> {
      const row = await db
        .selectFrom('identifier_change_proofs')
        .select('token_hash')
        .where('token_hash', '=', tokenHash)
        .where('org_id', '=', holder.orgId)
        .where('account_id', '=', holder.accountId)
        .where('session_id', '=', holder.sessionId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Uses a live proof of this account and session up; false when there is none (never given, another
     * account's or session's, expired, or used by an earlier request or one running at the same moment).
     */
    async claim(tokenHash: string, holder: ProofHolder, now: number): Promise<boolean> {
      const result = await live(tokenHash, holder, now).set({ used_at: now }).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async purgeExpired(now: number): Promise<void> {
      await db.deleteFrom('identifier_change_proofs').where('expires_at', '<=', now).execute();
    },
  };
}

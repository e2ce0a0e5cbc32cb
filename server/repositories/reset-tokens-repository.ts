import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

/** The account a live reset token lets its holder set a new password for. */
export interface ResetTokenGrant {
  orgId: number;
  accountId: number;
  channel: string;
}

/** Single-use tokens of a verified reset code; only the SHA-256 of each token is stored. */
export function createResetTokensRepository(db: Kysely<Database>) {
  return {
    async insert(row: {
      tokenHash: string;
      orgId: number;
      accountId: number;
      channel: string;
      now: number;
      expiresAt: number;
    }): Promise<void> {
      await db
        .insertInto('reset_tokens')
        .values({
          token_hash: row.tokenHash,
          org_id: row.orgId,
          account_id: row.accountId,
          channel: row.channel,
          created_at: row.now,
          expires_at: row.expiresAt,
          used_at: null,
        })
        .execute();
    },

    /**
     * Takes a live token for one use: marks it used and returns what it grants, or undefined when it does
     * not exist, has expired or was used (by an earlier request or one running at the same moment).
     */
    async claim(tokenHash: string, now: number): Promise<ResetTokenGrant | undefined> {
      const row = await db
        .updateTable('reset_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['org_id', 'account_id', 'channel'])
        .executeTakeFirst();
      return row ? { orgId: row.org_id, accountId: row.account_id, channel: row.channel } : undefined;
    },

    /** Gives a claimed token back, when the password it was claimed for was refused and may be retried. */
    async release(tokenHash: string, claimedAt: number): Promise<void> {
      await db
        .updateTable('reset_tokens')
        .set({ used_at: null })
        .where('token_hash', '=', tokenHash)
        .where('used_at', '=', claimedAt)
        .execute();
    },

    /** Ends every unused token of an account, once its password has been reset. */
    async revokeAllForAccount(orgId: number, accountId: number, now: number): Promise<void> {
      await db
        .updateTable('reset_tokens')
        .set({ used_at: now })
        .where('org_id', '=', orgId)
        .where('account_id', '=', accountId)
        .where('used_at', 'is', null)
        .execute();
    },

    async purgeExpired(now: number): Promise<void> {
      await db.deleteFrom('reset_tokens').where('expires_at', '<=', now).execute();
    },
  };
}

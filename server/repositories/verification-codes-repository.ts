import type { Kysely, Selectable } from 'kysely';
import type { Database, VerificationCodesTable } from '../db/tables';

export interface NewVerificationCode {
  purpose: string;
  recipient: string;
  orgId: number | null;
  accountId: number | null;
  salt: string;
  codeHash: string;
  now: number;
  expiresAt: number;
}

export type VerificationCodeRow = Selectable<VerificationCodesTable>;

/** Verification codes per purpose and account name; only salted hashes of the codes are stored. */
export function createVerificationCodesRepository(db: Kysely<Database>) {
  return {
    /** Stores a new code and retires every earlier one of the same name and purpose: only the latest works. */
    async replace(code: NewVerificationCode): Promise<void> {
      await db
        .updateTable('verification_codes')
        .set({ consumed_at: code.now })
        .where('purpose', '=', code.purpose)
        .where('recipient', '=', code.recipient)
        .where('consumed_at', 'is', null)
        .execute();
      await db
        .insertInto('verification_codes')
        .values({
          purpose: code.purpose,
          recipient: code.recipient,
          org_id: code.orgId,
          account_id: code.accountId,
          salt: code.salt,
          code_hash: code.codeHash,
          tries: 0,
          created_at: code.now,
          expires_at: code.expiresAt,
          consumed_at: null,
        })
        .execute();
    },

    /**
     * Claims one check of the live code of a name: its tries go up by one before the code is compared, so
     * no more than `maxTries` checks are ever made of one code, however many arrive at once. Returns the
     * code after the claim, or undefined when there is no live code (none sent, expired, used or dead).
     */
    async claimTry(
      purpose: string,
      recipient: string,
      now: number,
      maxTries: number,
    ): Promise<VerificationCodeRow | undefined> {
      const live = await db
        .selectFrom('verification_codes')
        .select('id')
        .where('purpose', '=', purpose)
        .where('recipient', '=', recipient)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', now)
        .where('tries', '<', maxTries)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!live) return undefined;
      return db
        .updateTable('verification_codes')
        .set((eb) => ({ tries: eb('tries', '+', 1) }))
        .where('id', '=', live.id)
        .where('consumed_at', 'is', null)
        .where('tries', '<', maxTries)
        .returningAll()
        .executeTakeFirst();
    },

    /** Uses up a code; false when another request used it first. */
    async consume(id: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('verification_codes')
        .set({ consumed_at: now })
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async purgeExpired(now: number): Promise<void> {
      await db.deleteFrom('verification_codes').where('expires_at', '<=', now).execute();
    },
  };
}

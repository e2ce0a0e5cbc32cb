import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

/** Image captchas waiting for their answer. */
export function createCaptchasRepository(db: Kysely<Database>) {
  return {
    async insert(row: { id: string; answerHash: string; now: number; expiresAt: number }): Promise<void> {
      await db
        .insertInto('captchas')
        .values({ id: row.id, answer_hash: row.answerHash, created_at: row.now, expires_at: row.expiresAt })
        .execute();
    },

    /**
     * Takes a captcha out for checking: it is deleted whatever the answer, so each captcha is checked once.
     * Returns its answer hash, or undefined when it does not exist, was used or has expired.
     */
    async take(id: string, now: number): Promise<string | undefined> {
      const row = await db
        .deleteFrom('captchas')
        .where('id', '=', id)
        .returning(['answer_hash', 'expires_at'])
        .executeTakeFirst();
      if (!row || row.expires_at <= now) return undefined;
      return row.answer_hash;
    },

    async purgeExpired(now: number): Promise<void> {
      await db.deleteFrom('captchas').where('expires_at', '<=', now).execute();
    },
  };
}

import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

/** Nonces of signed requests, kept in the database so every instance sees every nonce. */
export function createNoncesRepository(db: Kysely<Database>) {
  return {
    /** Remembers a nonce; false when it was already used (a replay). */
    async remember(nonce: string, expiresAt: number): Promise<boolean> {
      const result = await db
        .insertInto('request_nonces')
        .values({ nonce, expires_at: expiresAt })
        .onConflict((conflict) => conflict.column('nonce').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** How many nonces are remembered; reads must leave it unchanged. */
    async count(): Promise<number> {
      const row = await db
        .selectFrom('request_nonces')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async purgeExpired(now: number): Promise<void> {
      await db.deleteFrom('request_nonces').where('expires_at', '<', now).execute();
    },
  };
}

export type NoncesRepository = ReturnType<typeof createNoncesRepository>;

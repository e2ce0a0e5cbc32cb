import type { Kysely } from 'kysely';
import { compiledOnce } from '../db/compiled-once';
import type { Database } from '../db/tables';

/** Nonces of signed requests, kept in the database so every instance sees every nonce. */
export function createNoncesRepository(db: Kysely<Database>) {
  // Every signed change inserts one: compiled once (see compiledOnce). A replay inserts no row, so
  // returns none.
  const insert = compiledOnce(
    db,
    (nonce: string, expiresAt: number) =>
      db
        .insertInto('request_nonces')
        .values({ nonce, expires_at: expiresAt })
        .onConflict((conflict) => conflict.column('nonce').doNothing())
        .returning('nonce'),
    2,
  );
  return {
    /** Remembers a nonce; false when it was already used (a replay). */
    async remember(nonce: string, expiresAt: number): Promise<boolean> {
      return (await insert(nonce, expiresAt)).length === 1;
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

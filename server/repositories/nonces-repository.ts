import type { Kysely } from 'kysely';
import { compiledOnce } from '../db/compiled-once';
import type { Statement } from '../db/one-commit';
import type { Database } from '../db/tables';

/**
 * A signed request's nonce that its route records with its own writes, in their commit (request-signing.ts
 * `nonceWithWrites`): `recorded` once that commit (or the route's settling) has stored it.
 */
export interface PendingNonce {
  nonce: string;
  expiresAt: number;
  recorded: boolean;
}

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
  const seen = compiledOnce(
    db,
    (nonce: string) => db.selectFrom('request_nonces').select('nonce').where('nonce', '=', nonce).limit(1),
    1,
  );
  return {
    /** Remembers a nonce; false when it was already used (a replay). */
    async remember(nonce: string, expiresAt: number): Promise<boolean> {
      return (await insert(nonce, expiresAt)).length === 1;
    },

    /**
     * The nonce's insert as one of a commit's writes: when it was already used (a replay), `replayed`'s
     * error is thrown and the whole commit undone.
     */
    rememberWrite(pending: PendingNonce, replayed: () => Error): Statement {
      return { ...insert.statement(pending.nonce, pending.expiresAt), unlessChanged: replayed };
    },

    /** Whether a nonce was already used, answered at once when the database can (see compiledOnce). */
    seenNow(nonce: string): boolean | undefined {
      const rows = seen.now(nonce);
      return rows === undefined ? undefined : rows.length === 1;
    },

    async seen(nonce: string): Promise<boolean> {
      return (await seen(nonce)).length === 1;
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

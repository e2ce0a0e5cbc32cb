import { type Kysely, sql } from 'kysely';
import { compiledOnce } from '../db/compiled-once';
import type { Database } from '../db/tables';

interface CountRow {
  key: string;
  count: number;
}

/** Counters of failed sign-ins per key (`account:<name>`, `ip:<address>`) within a time window. */
export function createAuthFailuresRepository(db: Kysely<Database>) {
  // Every sign-in counts its keys first: compiled once per number of keys (see compiledOnce).
  const counters = new Map<number, (...values: Array<string | number>) => Promise<CountRow[]>>();
  const countersOf = (keyCount: number) => {
    let count = counters.get(keyCount);
    if (!count) {
      count = compiledOnce(
        db,
        (...values: Array<string | number>) =>
          db
            .selectFrom('auth_failures')
            .select(['key', 'count'])
            .where('key', 'in', values.slice(1) as string[])
            .where('window_started_at', '>', values[0] as number),
        keyCount + 1,
      );
      counters.set(keyCount, count);
    }
    return count;
  };
  return {
    /** The open-window failures of several keys in one query; keys without failures are absent. */
    async countMany(keys: string[], now: number, windowMs: number): Promise<Map<string, number>> {
      if (keys.length === 0) return new Map();
      const rows = await countersOf(keys.length)(now - windowMs, ...keys);
      return new Map(rows.map((row) => [row.key, Number(row.count)]));
    },

    /** Adds one failure, opening a new window when the old one has closed; returns the new count. */
    async increment(key: string, now: number, windowMs: number): Promise<number> {
      const expired = now - windowMs;
      const row = await db
        .insertInto('auth_failures')
        .values({ key, count: 1, window_started_at: now })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            count: sql<number>`case when auth_failures.window_started_at <= ${expired} then 1 else auth_failures.count + 1 end`,
            window_started_at: sql<number>`case when auth_failures.window_started_at <= ${expired} then ${now} else auth_failures.window_started_at end`,
          }),
        )
        .returning('count')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Forgets counters whose window has closed; a locked account stays locked in its own row. */
    async purgeExpired(now: number, windowMs: number): Promise<void> {
      await db
        .deleteFrom('auth_failures')
        .where('window_started_at', '<=', now - windowMs)
        .execute();
    },

    /** Forgets the counters of some keys, e.g. every name of an account that was just unlocked. */
    async clear(...keys: string[]): Promise<void> {
      if (keys.length === 0) return;
      await db.deleteFrom('auth_failures').where('key', 'in', keys).execute();
    },
  };
}

import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/tables';

/** Counters of sends per key (`captcha:ip:<address>`, `code:account:<name>`, ...) within a window. */
export function createSendCountersRepository(db: Kysely<Database>) {
  return {
    /** The open-window counts of several keys in one query; keys without sends are absent. */
    async countMany(keys: string[], now: number): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('send_counters')
        .select(['key', 'count'])
        .where('key', 'in', keys)
        .where('expires_at', '>', now)
        .execute();
      return new Map(rows.map((row) => [row.key, Number(row.count)]));
    },

    /** Adds one send, opening a new window when the old one has closed; returns the new count. */
    async increment(key: string, now: number, windowMs: number): Promise<number> {
      const row = await db
        .insertInto('send_counters')
        .values({ key, count: 1, window_started_at: now, expires_at: now + windowMs })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            count: sql<number>`case when send_counters.expires_at <= ${now} then 1 else send_counters.count + 1 end`,
            window_started_at: sql<number>`case when send_counters.expires_at <= ${now} then ${now} else send_counters.window_started_at end`,
            expires_at: sql<number>`case when send_counters.expires_at <= ${now} then ${now + windowMs} else send_counters.expires_at end`,
          }),
        )
        .returning('count')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async purgeExpired(now: number): Promise<void> {
      await db.deleteFrom('send_counters').where('expires_at', '<=', now).execute();
    },
  };
}

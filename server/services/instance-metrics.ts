import { createMetrics, type Metrics } from '../core/metrics';
import type { DatabaseHandle } from '../db/database';

/** The instance's metrics, reading the push outbox and the connection pool of `database` at each scrape. */
export function createInstanceMetrics(database: DatabaseHandle, now: () => number): Metrics {
  return createMetrics({
    now,
    pool: () => database.poolStats?.() ?? null,
    async outbox() {
      const row = await database.db
        .selectFrom('message_outbox')
        .where('status', '=', 'queued')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('queued'),
          eb.fn.min('created_at').as('oldest'),
        ])
        .executeTakeFirst();
      const oldest = row?.oldest;
      return {
        queued: Number(row?.queued ?? 0),
        oldestCreatedAt: oldest === null || oldest === undefined ? null : Number(oldest),
      };
    },
  });
}

import { sql } from 'kysely';
import { createMetrics, type Metrics } from '../core/metrics';
import type { DatabaseHandle } from '../db/database';

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * The instance's metrics, reading the push outbox, the open API's delay queue and the connection pool of
 * `database` at each scrape.
 */
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
      return { queued: Number(row?.queued ?? 0), oldestCreatedAt: numberOrNull(row?.oldest) };
    },
    async openQueue() {
      const at = now();
      // Queued calls are the ones with a due time still at status 0 (an immediate call never has one).
      const row = await database.db
        .selectFrom('open_calls')
        .where('sync_status', '=', 0)
        .where('due_at', 'is not', null)
        .select((eb) => [
          eb.fn.countAll<number | string>().as('queued'),
          sql<number | string>`sum(case when due_at <= ${at} then 1 else 0 end)`.as('due'),
          sql<number | string | null>`min(case when due_at <= ${at} then due_at end)`.as('oldestDue'),
        ])
        .executeTakeFirst();
      return {
        queued: Number(row?.queued ?? 0),
        due: Number(row?.due ?? 0),
        oldestDueAt: numberOrNull(row?.oldestDue),
      };
    },
  });
}

import { randomBytes } from 'node:crypto';
import { type HostPlatform, MINUTE_MS, SECOND_MS } from '../../domain/constants';
import type { HostIntegrationRow } from '../repositories/host-integrations-repository';
import type { OutboxRow } from '../repositories/message-outbox-repository';
import { type PushDeps, sendThroughIntegration } from './message-push-service';

/** Attempts of one message before it is failed for good. */
export const PUSH_MAX_ATTEMPTS = 8;
/** Messages one worker leases at a time, and sends at once. */
const BATCH_SIZE = 64;
const CONCURRENCY = 16;
/** How often an idle worker looks for due messages (a queued message also wakes its own instance's worker). */
const POLL_MS = SECOND_MS;

/** The wait before attempt `attempts + 1` after a transient failure: 1 s, 2 s, 4 s, ... at most 5 minutes, jittered. */
export function pushBackoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(SECOND_MS * 2 ** Math.max(0, attempts - 1), 5 * MINUTE_MS);
  return Math.round(base * (0.5 + random() / 2));
}

/** A running sender of the outbox. */
export interface MessagePushWorker {
  /** Looks for due messages now instead of at the next poll (a worker that does not poll waits for `drain`). */
  wake(): void;
  /** Sends every message due now, leased by this worker, and resolves when none is left (tests, shutdown). */
  drain(): Promise<void>;
  /** Stops taking messages, waits for the sends in flight and gives back the leases of the others. */
  stop(): Promise<void>;
}

/**
 * The outbox's sender: leases due messages (one sender per message across every instance; a dead
 * instance's leases run out after the send timeout), sends each through its platform, marks it sent with
 * the platform's answer, retries transient failures (timeouts, 5xx, rate limits) with backoff up to
 * PUSH_MAX_ATTEMPTS and fails the rest with the platform's answer. A graceful stop finishes the sends in
 * flight and hands the other leased messages back, so a restart neither loses nor repeats one.
 */
export function startMessagePushWorker(
  deps: PushDeps,
  options: {
    poll?: boolean;
    onError?: (error: unknown) => void;
    /** How long a lease outlasts the send timeout (10 s unless the deployment sets PUSH_LEASE_MARGIN_MS). */
    leaseMarginMs?: number;
  } = {},
): MessagePushWorker {
  const owner = randomBytes(12).toString('hex');
  const leaseMs = deps.timeoutMs + (options.leaseMarginMs ?? 10 * SECOND_MS);
  let stopping = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const held = new Set<number>();

  const integrationOf = async (cache: Map<string, HostIntegrationRow | undefined>, row: OutboxRow) => {
    const key = `${row.org_id}:${row.platform}`;
    if (!cache.has(key)) {
      cache.set(
        key,
        await deps.repos.hostIntegrations.find(Number(row.org_id), row.platform as HostPlatform),
      );
    }
    return cache.get(key);
  };

  const deliver = async (row: OutboxRow, cache: Map<string, HostIntegrationRow | undefined>) => {
    const id = Number(row.id);
    const attempts = row.attempts + 1;
    try {
      const integration = await integrationOf(cache, row);
      if (!integration || integration.enabled !== 1) {
        await deps.repos.messageOutbox.markFailed(
          id,
          owner,
          attempts,
          'integration switched off',
          deps.now(),
        );
        return;
      }
      const outcome = await sendThroughIntegration(deps, integration, Number(row.account_id), {
        title: row.title,
        text: row.body,
        url: row.url,
        idempotencyKey: row.idempotency_key,
      });
      const now = deps.now();
      if (outcome.ok) {
        await deps.repos.messageOutbox.markSent(id, owner, attempts, outcome.messageId, outcome.detail, now);
      } else if (outcome.transient && attempts < PUSH_MAX_ATTEMPTS) {
        const detail = `${outcome.result}: ${outcome.detail}`;
        await deps.repos.messageOutbox.markRetry(
          id,
          owner,
          attempts,
          now + pushBackoffMs(attempts),
          detail,
          now,
        );
      } else {
        await deps.repos.messageOutbox.markFailed(
          id,
          owner,
          attempts,
          `${outcome.result}: ${outcome.detail}`,
          now,
        );
      }
    } finally {
      held.delete(id);
    }
  };

  /** Leases and sends batches until nothing is due. */
  const cycle = async () => {
    const cache = new Map<string, HostIntegrationRow | undefined>();
    while (!stopping) {
      const wallNow = Date.now();
      const rows = await deps.repos.messageOutbox.claimDue(
        owner,
        deps.now(),
        wallNow,
        wallNow + leaseMs,
        BATCH_SIZE,
      );
      if (rows.length === 0) return;
      for (const row of rows) held.add(Number(row.id));
      let next = 0;
      const lanes = Array.from({ length: Math.min(CONCURRENCY, rows.length) }, async () => {
        while (next < rows.length) {
          const row = rows[(next += 1) - 1];
          // A stopping worker sends nothing new; its leases are handed back below.
          if (stopping) return;
          await deliver(row, cache).catch((error: unknown) => options.onError?.(error));
        }
      });
      await Promise.all(lanes);
      if (stopping) return;
    }
  };

  const run = (): Promise<void> => {
    if (!running) {
      running = cycle()
        .catch((error: unknown) => options.onError?.(error))
        .finally(() => {
          running = null;
        });
    }
    return running;
  };

  const schedule = () => {
    if (stopping || options.poll === false) return;
    timer = setTimeout(() => {
      void run().then(schedule);
    }, POLL_MS);
    timer.unref();
  };
  schedule();

  return {
    wake() {
      if (!stopping && options.poll !== false) void run();
    },
    async drain() {
      // A cycle already running may have started before the last message was queued: run once more.
      await run();
      await run();
    },
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      await running;
      await deps.repos.messageOutbox.releaseLeases(owner, [...held]);
      held.clear();
    },
  };
}

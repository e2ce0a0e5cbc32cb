import type { Kysely } from 'kysely';
import { DAY_MS, type Language, LANGUAGES, MINUTE_MS, SECOND_MS } from '../../domain/constants';
import { OPEN_CALL_STATUS } from '../../domain/schemas/open-sync';
import type { Database } from '../db/tables';
import { readRepositories } from '../repositories';
import { applyOpenCall, isOpenApiName } from './open-call-service';

/** How often each instance looks for due calls (SPEC: at least every 30 s) unless OPEN_QUEUE_POLL_MS says. */
export const OPEN_QUEUE_POLL_MS = 15 * SECOND_MS;
/** How long a claimed call is held before another instance may take it over (its instance died). */
export const OPEN_CALL_LEASE_MS = 5 * MINUTE_MS;
/** SPEC §9: the interface log keeps 3 months. */
export const OPEN_CALL_RETENTION_MS = 90 * DAY_MS;
/** The language of a call logged before calls kept theirs (0041): what its problems were written in then. */
const EARLIER_LANGUAGE: Language = 'zh-CN';
const languageOf = (stored: string | null): Language =>
  (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : EARLIER_LANGUAGE;

/**
 * Applies every queued open call that is due, each claimed by this instance first (so two instances never
 * apply one call twice), through the same path as an immediate call. Answers how many were applied. Once
 * `stopping` answers true (the instance is shutting down) no further call is applied: the claims not yet
 * worked on are handed back at once, for another instance to apply without waiting for the lease to end.
 */
export async function applyDueOpenCalls(
  db: Kysely<Database>,
  now: number,
  limit = 50,
  stopping: () => boolean = () => false,
): Promise<number> {
  const repos = readRepositories(db);
  if (stopping()) return 0;
  const due = await repos.openCalls.claimDue(now, OPEN_CALL_LEASE_MS, limit);
  let applied = 0;
  for (const row of due) {
    if (stopping()) {
      const rest = due.slice(applied).map((call) => call.id);
      await repos.openCalls.releaseClaims(rest, now + OPEN_CALL_LEASE_MS);
      break;
    }
    applied += 1;
    if (!isOpenApiName(row.api_name)) {
      await repos.openCalls.finish(row.org_id, row.id, {
        syncStatus: OPEN_CALL_STATUS.fail,
        responseStatus: 400,
        apiStatusCode: 400,
        apiStatus: 'errors.openApi.unknownApi',
        responseBody: '',
        responseTime: now,
      });
      continue;
    }
    const actor = { orgId: row.org_id, appName: row.application, appKey: row.app_key };
    await applyOpenCall(
      db,
      {
        id: row.id,
        reqId: row.req_id,
        app: actor,
        apiName: row.api_name,
        body: JSON.parse(row.request_body) as unknown,
        language: languageOf(row.language),
      },
      now,
    ).catch(() => undefined); // its failure is on its row already
  }
  return applied;
}

export interface OpenCallWorker {
  /** One round now: due calls applied. */
  tick(): Promise<void>;
  /** Applies nothing more: the call being applied finishes, the other claims are handed back. */
  stop(): Promise<void>;
}

/** Starts this instance's round of the open-call queue (the log's purge is a scheduled job in app.ts). */
export function startOpenCallWorker(
  db: Kysely<Database>,
  now: () => number,
  {
    poll,
    pollMs = OPEN_QUEUE_POLL_MS,
    onError,
    onDequeued,
  }: {
    poll: boolean;
    pollMs?: number;
    onError: (error: unknown) => void;
    onDequeued?: (count: number) => void;
  },
): OpenCallWorker {
  let running: Promise<void> = Promise.resolve();
  let stopping = false;
  const tick = () => {
    running = running
      .catch(() => undefined)
      .then(async () => {
        if (stopping) return;
        const at = now();
        onDequeued?.(await applyDueOpenCalls(db, at, 50, () => stopping));
        await readRepositories(db).openCalls.purgeBefore(at - OPEN_CALL_RETENTION_MS);
      });
    return running.catch(onError);
  };
  const timer = poll ? setInterval(() => void tick(), pollMs) : null;
  timer?.unref();
  return {
    tick,
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      await running.catch(() => undefined);
    },
  };
}

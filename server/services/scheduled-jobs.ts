import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

/** A background job: its name (its row), how often it runs across every instance, and the work. */
export interface ScheduledJob {
  name: string;
  everyMs: number;
  run(at: number): Promise<void>;
}

export interface JobScheduler {
  /** This instance's name in the jobs' leases. */
  owner: string;
  /** Runs the jobs that are due and that this instance claims; answers the names it ran. */
  runDue(): Promise<string[]>;
  /** Runs nothing more, stops its timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/** How long a claimed job may run before another instance may take it (a crashed one never hands it back). */
const LEASE_MS = 10 * 60 * 1000;

/**
 * Runs each job once per `everyMs` across all instances sharing the database: a due job's row is claimed
 * with one conditional update (not leased by a live instance, last run at least `everyMs` ago), so only the
 * instance whose update changed the row runs it. A stopping instance claims nothing.
 */
export function startJobScheduler(
  deps: {
    db: Kysely<Database>;
    now: () => number;
    onError?: (error: unknown, job: string) => void;
    /** Told of each pass over a job: run here, skipped (not due, or another instance has it) or failed. */
    onPass?: (job: string, outcome: 'ran' | 'skipped' | 'failed') => void;
  },
  jobs: readonly ScheduledJob[],
  options: { poll: boolean; pollMs?: number } = { poll: true },
): JobScheduler {
  const owner = randomUUID();
  let stopping = false;
  let running: Promise<string[]> | null = null;

  const claim = async (job: ScheduledJob, at: number): Promise<boolean> => {
    await deps.db
      .insertInto('scheduled_jobs')
      .values({ name: job.name, lease_owner: '', lease_until: 0, last_run_at: 0 })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    const result = await deps.db
      .updateTable('scheduled_jobs')
      .set({ lease_owner: owner, lease_until: at + LEASE_MS, last_run_at: at })
      .where('name', '=', job.name)
      .where('lease_until', '<=', at)
      .where('last_run_at', '<=', at - job.everyMs)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  };

  const release = (job: ScheduledJob) =>
    deps.db
      .updateTable('scheduled_jobs')
      .set({ lease_owner: '', lease_until: 0 })
      .where('name', '=', job.name)
      .where('lease_owner', '=', owner)
      .execute();

  const runAll = async (): Promise<string[]> => {
    const ran: string[] = [];
    for (const job of jobs) {
      if (stopping) break;
      const at = deps.now();
      try {
        if (!(await claim(job, at))) {
          deps.onPass?.(job.name, 'skipped');
          continue;
        }
        try {
          await job.run(at);
          ran.push(job.name);
          deps.onPass?.(job.name, 'ran');
        } finally {
          await release(job);
        }
      } catch (error) {
        deps.onPass?.(job.name, 'failed');
        deps.onError?.(error, job.name);
      }
    }
    return ran;
  };

  const runDue = (): Promise<string[]> => {
    if (stopping) return Promise.resolve([]);
    // One pass at a time on this instance: a slow pass is not started again on top of itself.
    running ??= runAll().finally(() => (running = null));
    return running;
  };

  // Twice a period: a pass that comes a little early for a job still finds it due on the next one.
  const pollMs = options.pollMs ?? Math.min(...jobs.map((job) => job.everyMs)) / 2;
  const timer = options.poll && jobs.length > 0 ? setInterval(() => void runDue(), pollMs) : null;
  timer?.unref();

  return {
    owner,
    runDue,
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}

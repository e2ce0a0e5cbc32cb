import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../../domain/constants';
import { type DatabaseHandle, openDatabase } from '../../../server/db/database';
import { type ScheduledJob, startJobScheduler } from '../../../server/services/scheduled-jobs';
import { createClock, createTestApp, type TestApp } from '../../helpers/test-app';
import { createTestDatabase, engines, type TestDatabase } from '../../helpers/test-database';

describe.each(engines())('background jobs across instances on %s', (engine) => {
  let database: TestDatabase;
  /** A second connection (pool) to the same database, as a second instance has. */
  let other: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    other = await openDatabase(database.config);
  });
  afterAll(async () => {
    await other.destroy();
    await database.drop();
  });

  function countingJob(name: string, runs: number[]): ScheduledJob {
    return {
      name,
      everyMs: MINUTE_MS,
      async run(at) {
        runs.push(at);
      },
    };
  }

  it('runs a due job on one instance only, once per period, when both try at once', async () => {
    const clock = createClock();
    const runs: number[] = [];
    const job = countingJob('count-once', runs);
    const a = startJobScheduler({ db: database.db, now: clock.now }, [job], { poll: false });
    const b = startJobScheduler({ db: other.db, now: clock.now }, [job], { poll: false });
    const first = await Promise.all([a.runDue(), b.runDue()]);
    expect(first.flat()).toEqual(['count-once']);
    expect(runs).toHaveLength(1);
    // Not due again within its period, on either instance.
    clock.advance(MINUTE_MS - 1);
    expect([...(await a.runDue()), ...(await b.runDue())]).toEqual([]);
    clock.advance(1);
    const second = await Promise.all([b.runDue(), a.runDue()]);
    expect(second.flat()).toEqual(['count-once']);
    expect(runs).toHaveLength(2);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('a stopping instance runs nothing; the other takes the due job', async () => {
    const clock = createClock();
    const runs: number[] = [];
    const job = countingJob('not-when-stopping', runs);
    const stopping = startJobScheduler({ db: database.db, now: clock.now }, [job], { poll: false });
    const serving = startJobScheduler({ db: other.db, now: clock.now }, [job], { poll: false });
    await stopping.stop();
    expect(await stopping.runDue()).toEqual([]);
    expect(runs).toHaveLength(0);
    expect(await serving.runDue()).toEqual(['not-when-stopping']);
    await serving.stop();
  });

  it('a job whose instance crashed mid-run is taken over once its lease runs out', async () => {
    const clock = createClock();
    const job: ScheduledJob = { name: 'crashes', everyMs: MINUTE_MS, run: () => new Promise(() => {}) };
    const crashed = startJobScheduler({ db: database.db, now: clock.now }, [job], { poll: false });
    void crashed.runDue();
    await expect
      .poll(
        async () =>
          (
            await database.db
              .selectFrom('scheduled_jobs')
              .select('lease_owner')
              .where('name', '=', 'crashes')
              .executeTakeFirst()
          )?.lease_owner,
      )
      .toBe(crashed.owner);
    const runs: number[] = [];
    const survivor = startJobScheduler(
      { db: other.db, now: clock.now },
      [{ ...job, run: async (at) => void runs.push(at) }],
      {
        poll: false,
      },
    );
    clock.advance(2 * MINUTE_MS);
    expect(await survivor.runDue()).toEqual([]);
    clock.advance(10 * MINUTE_MS);
    expect(await survivor.runDue()).toEqual(['crashes']);
    await survivor.stop();
  });
});

describe.each(engines())('the pruning job of the app on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { scheduledJobs: false });
  });
  afterAll(() => t.close());

  it('prunes expired rows when it runs, and does not run on a stopping instance', async () => {
    await t.database.db
      .insertInto('request_nonces')
      .values({ nonce: 'expired-nonce-1', expires_at: t.clock.now() - 1 })
      .execute();
    expect(await t.app.scheduledJobs.runDue()).toContain('prune-expired');
    const left = await t.database.db
      .selectFrom('request_nonces')
      .select('nonce')
      .where('nonce', '=', 'expired-nonce-1')
      .execute();
    expect(left).toEqual([]);
    t.clock.advance(MINUTE_MS);
    await t.app.scheduledJobs.stop();
    expect(await t.app.scheduledJobs.runDue()).toEqual([]);
  });
});

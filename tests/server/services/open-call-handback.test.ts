import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAppCredentialCommand, runOpenDelayCommand } from '../../../server/commands/open-command';
import { applyDueOpenCalls } from '../../../server/services/open-call-worker';
import { metricValue } from '../../helpers/cluster';
import { createTestApp, createTestOrganization, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

const HOUR = 60 * 60 * 1000;

describe.each(engines())('open API delay queue on a stopping instance, and its metrics, on %s', (engine) => {
  let t: TestApp;
  let credential: { appKey: string; appSecret: string };

  const queueMember = async (email: string) => {
    const token = (
      await t.app.inject({ method: 'POST', url: '/api/Sdk/ucapi/token', payload: credential })
    ).json().data.accessToken as string;
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/Sdk/ucapi/members',
      headers: { authorization: `Bearer ${token}` },
      payload: { items: [{ email, name: email.split('@')[0] }] },
    });
    return answer.json().data.reqId as string;
  };
  const calls = (reqIds: string[]) =>
    t.database.db
      .selectFrom('open_calls')
      .select(['req_id', 'sync_status', 'lease_until'])
      .where('req_id', 'in', reqIds)
      .orderBy('id')
      .execute();
  const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics' })).body;

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { openCallWorker: false, scheduledJobs: false });
    const acme = (await createTestOrganization(t, 'Acme', { admin: { account: 'admin@acme.test' } })).orgId;
    const lines = (await runAppCredentialCommand(t.database.db, { org: String(acme) }, t.clock.now())).join(
      '\n',
    );
    credential = { appKey: /app key: (\S+)/.exec(lines)![1], appSecret: /app secret: (\S+)/.exec(lines)![1] };
    await runOpenDelayCommand(t.database.db, { org: String(acme), hours: '1' }, t.clock.now());
  });
  afterAll(() => t.close());

  it('says in /metrics how many calls wait, how many are due and how long the oldest has been due', async () => {
    const first = await queueMember('m1@acme.test');
    t.clock.advance(10 * 60 * 1000);
    await queueMember('m2@acme.test');
    let text = await scrape();
    expect(metricValue(text, 'portal_open_queue_queued')).toBe(2);
    expect(metricValue(text, 'portal_open_queue_due')).toBe(0);
    expect(metricValue(text, 'portal_open_queue_oldest_due_age_seconds')).toBe(0);
    // The first call fell due 5 minutes ago, the second is due in 5 minutes.
    t.clock.advance(HOUR - 5 * 60 * 1000);
    text = await scrape();
    expect(metricValue(text, 'portal_open_queue_queued')).toBe(2);
    expect(metricValue(text, 'portal_open_queue_due')).toBe(1);
    expect(metricValue(text, 'portal_open_queue_oldest_due_age_seconds')).toBe(300);

    await t.app.openCalls.tick();
    text = await scrape();
    expect(metricValue(text, 'portal_open_queue_queued')).toBe(1);
    expect(metricValue(text, 'portal_open_calls_dequeued_total')).toBe(1);
    expect((await calls([first]))[0].sync_status).toBe(1);
    t.clock.advance(HOUR);
    await t.app.openCalls.tick();
  });

  it('hands back the calls it claimed but did not apply when it stops, for another instance at once', async () => {
    const reqIds = [];
    for (const email of ['s1@acme.test', 's2@acme.test', 's3@acme.test'])
      reqIds.push(await queueMember(email));
    t.clock.advance(2 * HOUR);
    // The instance stops once its first claimed call is applied.
    let asked = 0;
    const applied = await applyDueOpenCalls(t.database.db, t.clock.now(), 50, () => (asked += 1) > 2);
    expect(applied).toBe(1);
    const rows = await calls(reqIds);
    expect(rows.map((row) => row.sync_status)).toEqual([1, 0, 0]);
    expect(rows.slice(1).map((row) => row.lease_until)).toEqual([null, null]);
    // Another instance, at the same moment (no lease ran out), applies the rest.
    expect(await applyDueOpenCalls(t.database.db, t.clock.now())).toBe(2);
    expect((await calls(reqIds)).map((row) => row.sync_status)).toEqual([1, 1, 1]);
  });
});

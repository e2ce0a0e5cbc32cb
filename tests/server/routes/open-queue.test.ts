import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAppCredentialCommand, runOpenDelayCommand } from '../../../server/commands/open-command';
import { applyDueOpenCalls } from '../../../server/services/open-call-worker';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

const HOUR = 60 * 60 * 1000;

describe.each(engines())('open API delay before effect on %s', (engine) => {
  let t: TestApp;
  let acme: number;
  let credential: { appKey: string; appSecret: string };
  // The clock moves hours on: each call fetches a fresh token, as a caller does once one expires.
  const token = async () =>
    (await t.app.inject({ method: 'POST', url: '/api/Sdk/ucapi/token', payload: credential })).json().data
      .accessToken as string;
  let adminCookie: string;

  const syncMember = async (email: string, name: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/Sdk/ucapi/members',
      headers: { authorization: `Bearer ${await token()}` },
      payload: { items: [{ email, name }] },
    });
  const withdraw = async (reqId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/Sdk/ucapi/withdrawn?reqId=${reqId}`,
      headers: { authorization: `Bearer ${await token()}` },
    });
  const exists = async (email: string) =>
    (await t.database.db.selectFrom('accounts').select('id').where('email', '=', email).execute()).length;
  const call = (reqId: string) =>
    t.database.db.selectFrom('open_calls').selectAll().where('req_id', '=', reqId).executeTakeFirst();

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { openCallWorker: false, scheduledJobs: false });
    acme = (await createTestOrganization(t, 'Acme', { admin: { account: 'admin@acme.test' } })).orgId;
    const lines = (await runAppCredentialCommand(t.database.db, { org: String(acme) }, t.clock.now())).join(
      '\n',
    );
    credential = { appKey: /app key: (\S+)/.exec(lines)![1], appSecret: /app secret: (\S+)/.exec(lines)![1] };
    adminCookie = (await signIn(t, 'admin@acme.test')).cookie;
    expect(
      await runOpenDelayCommand(t.database.db, { org: String(acme), hours: '2' }, t.clock.now()),
    ).toEqual([`organisation ${acme}: open calls take effect after 2 hour(s)`]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('queues a call with status 0 and applies it only once its delay has passed', async () => {
    const queued = (await syncMember('q1@acme.test', 'Queued')).json().data;
    expect(queued).toMatchObject({ status: 0, applied: 0 });
    t.clock.advance(HOUR);
    await t.app.openCalls.tick();
    expect(await exists('q1@acme.test')).toBe(0);
    t.clock.advance(HOUR);
    await t.app.openCalls.tick();
    expect(await exists('q1@acme.test')).toBe(1);
    expect(await call(queued.reqId)).toMatchObject({ sync_status: 1 });
  });

  it('applies nothing of a call withdrawn while queued, and refuses a second withdrawal', async () => {
    const queued = (await syncMember('q2@acme.test', 'Withdrawn')).json().data;
    t.clock.advance(10 * 60 * 1000);
    const withdrawn = await withdraw(queued.reqId);
    expect(withdrawn.json().data).toEqual({ reqId: queued.reqId, status: 4 });
    expect(await call(queued.reqId)).toMatchObject({ sync_status: 4, revoke_time: t.clock.now() });
    t.clock.advance(3 * HOUR);
    await t.app.openCalls.tick();
    expect(await exists('q2@acme.test')).toBe(0);
    const again = await withdraw(queued.reqId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.key).toBe('errors.openApi.notQueued');
    expect((await withdraw('00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
  });

  it('lets an administrator withdraw a queued call from the interface monitor', async () => {
    const queued = (await syncMember('q3@acme.test', 'Admin withdrawn')).json().data;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/OrganizationOpenness/interface/withdrawn?reqId=${queued.reqId}`,
      headers: { ...t.signed(), cookie: adminCookie },
    });
    expect(response.json().data).toEqual({ reqId: queued.reqId, status: 4 });
    t.clock.advance(3 * HOUR);
    await t.app.openCalls.tick();
    expect(await exists('q3@acme.test')).toBe(0);
  });

  it('never applies one call twice when two instances work the queue at once', async () => {
    const queued = (await syncMember('q4@acme.test', 'Once')).json().data;
    t.clock.advance(3 * HOUR);
    const [first, second] = await Promise.all([
      applyDueOpenCalls(t.database.db, t.clock.now()),
      applyDueOpenCalls(t.database.db, t.clock.now()),
    ]);
    expect(first + second).toBe(1);
    expect(await exists('q4@acme.test')).toBe(1);
    expect(await call(queued.reqId)).toMatchObject({ sync_status: 1 });
  });

  it('purges interface-log rows older than 3 months', async () => {
    const queued = (await syncMember('q5@acme.test', 'Old')).json().data;
    t.clock.advance(3 * HOUR);
    await t.app.openCalls.tick();
    t.clock.advance(89 * 24 * HOUR);
    await t.app.scheduledJobs.runDue();
    expect(await call(queued.reqId)).toBeDefined();
    t.clock.advance(2 * 24 * HOUR);
    await t.app.scheduledJobs.runDue();
    expect(await call(queued.reqId)).toBeUndefined();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAppCredentialCommand, runOpenDelayCommand } from '../../../server/commands/open-command';
import { createTestApp, createTestOrganization, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

const HOUR = 60 * 60 * 1000;

describe.each(engines())('open API third-party account calls with a delay before effect on %s', (engine) => {
  let t: TestApp;
  let acme: number;
  let credential: { appKey: string; appSecret: string };
  // The clock moves hours on: each call fetches a fresh token, as a caller does once one expires.
  const token = async () =>
    (await t.app.inject({ method: 'POST', url: '/api/Sdk/ucapi/token', payload: credential })).json().data
      .accessToken as string;
  const call = async (path: string, payload: object, idempotencyKey?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/Sdk/ucapi/${path}`,
      headers: {
        authorization: `Bearer ${await token()}`,
        'accept-language': 'en-US',
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      payload,
    });
  const binding = (thirdAccountId: string) =>
    t.database.db
      .selectFrom('host_bindings')
      .select(['disabled_at'])
      .where('org_id', '=', acme)
      .where('host_user_id', '=', thirdAccountId)
      .executeTakeFirst();
  const logged = (reqId: string) =>
    t.database.db
      .selectFrom('open_calls')
      .select(['api_name', 'sync_status', 'response_body', 'due_at'])
      .where('req_id', '=', reqId)
      .executeTakeFirst();
  const operationRows = () =>
    t.database.db
      .selectFrom('operation_logs')
      .select('content_key')
      .where('org_id', '=', acme)
      .where((eb) =>
        eb.or([
          eb('content_key', 'like', '%thirdAccount%'),
          eb('content_key', '=', 'operationLog.content.hostUserBound'),
        ]),
      )
      .execute();
  const delay = (hours: string) =>
    runOpenDelayCommand(t.database.db, { org: String(acme), hours }, t.clock.now());

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { openCallWorker: false, scheduledJobs: false });
    acme = (
      await createTestOrganization(t, 'Acme', {
        admin: { account: 'admin@acme.test' },
        members: [
          { realName: 'Alice', account: 'alice@acme.test' },
          { realName: 'Bob', account: 'bob@acme.test' },
        ],
      })
    ).orgId;
    const lines = (await runAppCredentialCommand(t.database.db, { org: String(acme) }, t.clock.now())).join(
      '\n',
    );
    credential = { appKey: /app key: (\S+)/.exec(lines)![1], appSecret: /app secret: (\S+)/.exec(lines)![1] };
    await delay('2');
  });
  afterAll(async () => {
    await t.close();
  });

  it('queues a bind with status 0 and binds only once its delay has passed', async () => {
    const queued = await call('bind/thirdaccount', {
      platform: 'dingtalk',
      thirdAccountId: 'ding-alice',
      email: 'alice@acme.test',
    });
    expect(queued.statusCode).toBe(200);
    const { reqId } = queued.json().data;
    expect(queued.json().data).toEqual({ reqId, status: 0, applied: 0, problems: [] });
    expect(await binding('ding-alice')).toBeUndefined();
    expect(await logged(reqId)).toMatchObject({
      api_name: 'bind/thirdaccount',
      sync_status: 0,
      due_at: t.clock.now() + 2 * HOUR,
    });

    t.clock.advance(HOUR);
    await t.app.openCalls.tick();
    expect(await binding('ding-alice')).toBeUndefined();
    t.clock.advance(HOUR);
    await t.app.openCalls.tick();
    expect(await binding('ding-alice')).toEqual({ disabled_at: null });
    const applied = await logged(reqId);
    expect(applied).toMatchObject({ sync_status: 1 });
    expect(JSON.parse(applied!.response_body)).toMatchObject({ reqId, status: 1, applied: 1, problems: [] });
    // Applied once: a later round binds nothing again and logs nothing again.
    t.clock.advance(HOUR);
    await t.app.openCalls.tick();
    expect((await operationRows()).map((row) => row.content_key)).toEqual([
      'operationLog.content.hostUserBound',
    ]);
  });

  it('switches an account off only when due, and nothing of a withdrawn switch', async () => {
    const off = (await call('thirdaccount/0', { platform: 'dingtalk', thirdAccountId: 'ding-alice' })).json()
      .data;
    expect(off).toMatchObject({ status: 0 });
    const on = (await call('thirdaccount/1', { platform: 'dingtalk', thirdAccountId: 'ding-alice' })).json()
      .data;
    expect(on).toMatchObject({ status: 0 });
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: `/api/Sdk/ucapi/withdrawn?reqId=${on.reqId}`,
      headers: { authorization: `Bearer ${await token()}` },
    });
    expect(withdrawn.json().data).toEqual({ reqId: on.reqId, status: 4 });
    expect(await binding('ding-alice')).toEqual({ disabled_at: null });

    t.clock.advance(2 * HOUR);
    await t.app.openCalls.tick();
    expect(await binding('ding-alice')).toEqual({ disabled_at: expect.anything() });
    expect(await logged(off.reqId)).toMatchObject({ api_name: 'thirdaccount/0', sync_status: 1 });
    expect(await logged(on.reqId)).toMatchObject({ api_name: 'thirdaccount/1', sync_status: 4 });
    expect((await operationRows()).map((row) => row.content_key)).toContain(
      'operationLog.content.thirdAccountDisabled',
    );
    expect((await operationRows()).map((row) => row.content_key)).not.toContain(
      'operationLog.content.thirdAccountEnabled',
    );
  });

  it('records a queued call refused when due as failed, with its reason in the caller’s language', async () => {
    const queued = (
      await call('bind/thirdaccount', {
        platform: 'dingtalk',
        thirdAccountId: 'ding-alice',
        email: 'bob@acme.test',
      })
    ).json().data;
    t.clock.advance(2 * HOUR);
    await t.app.openCalls.tick();
    const row = await logged(queued.reqId);
    expect(row).toMatchObject({ sync_status: 2 });
    expect(JSON.parse(row!.response_body)).toMatchObject({
      status: 2,
      applied: 0,
      problems: [{ index: 0, key: 'errors.host.alreadyBound' }],
    });
  });

  it('answers a retried call with its Idempotency-Key as the first time and queues it once', async () => {
    const body = { platform: 'wecom', thirdAccountId: 'wc-bob', email: 'bob@acme.test' };
    const first = (await call('bind/thirdaccount', body, 'bind-bob-1')).json().data;
    const retry = (await call('bind/thirdaccount', body, 'bind-bob-1')).json().data;
    expect(retry).toEqual(first);
    const rows = await t.database.db
      .selectFrom('open_calls')
      .select('req_id')
      .where('org_id', '=', acme)
      .where('idempotency_key', '=', 'bind-bob-1')
      .execute();
    expect(rows).toEqual([{ req_id: first.reqId }]);

    // With no delay the call applies at once, answers the account, and a retry answers it again.
    await delay('0');
    const now = await call('thirdaccount/0', { platform: 'dingtalk', thirdAccountId: 'ding-alice' }, 'sw-1');
    expect(now.json().data).toMatchObject({ status: 1, enabled: false, member: { name: 'Alice' } });
    const again = await call(
      'thirdaccount/0',
      { platform: 'dingtalk', thirdAccountId: 'ding-alice' },
      'sw-1',
    );
    expect(again.json().data).toEqual(now.json().data);
    const refused = await call('thirdaccount/1', { platform: 'dingtalk', thirdAccountId: 'nobody' }, 'sw-2');
    expect(refused.statusCode).toBe(404);
    const refusedAgain = await call(
      'thirdaccount/1',
      { platform: 'dingtalk', thirdAccountId: 'nobody' },
      'sw-2',
    );
    expect(refusedAgain.statusCode).toBe(404);
    expect(refusedAgain.json().error.key).toBe('errors.openApi.thirdAccountNotFound');
    await delay('2');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAppCredentialCommand, runOpenDelayCommand } from '../../../server/commands/open-command';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

describe.each(engines())('interface monitor on %s', (engine) => {
  let t: TestApp;
  let acme: number;
  let token: string;
  const cookies: Record<string, string> = {};
  const reqIds: string[] = [];

  const admin = (method: 'GET' | 'POST', url: string, who = 'admin@acme.test', payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { ...t.signed(), cookie: cookies[who] },
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { openCallWorker: false, scheduledJobs: false });
    acme = (
      await createTestOrganization(t, 'Acme', {
        admin: { account: 'admin@acme.test' },
        members: [{ realName: 'Mo', account: 'mo@acme.test' }],
      })
    ).orgId;
    await createTestOrganization(t, 'Beta', { admin: { account: 'admin@beta.test' } });
    const lines = (
      await runAppCredentialCommand(t.database.db, { org: String(acme), name: 'HR' }, t.clock.now())
    ).join('\n');
    const credential = {
      appKey: /app key: (\S+)/.exec(lines)![1],
      appSecret: /app secret: (\S+)/.exec(lines)![1],
    };
    token = (await t.app.inject({ method: 'POST', url: '/api/Sdk/ucapi/token', payload: credential })).json()
      .data.accessToken;
    for (const account of ['admin@acme.test', 'mo@acme.test', 'admin@beta.test']) {
      cookies[account] = (await signIn(t, account)).cookie;
    }
    const sync = async (payload: object) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/Sdk/ucapi/members',
          headers: { authorization: `Bearer ${token}` },
          payload,
        })
      ).json().data.reqId as string;
    reqIds.push(await sync({ items: [{ email: 'a1@acme.test', name: 'A1' }] }));
    reqIds.push(await sync({ items: [{ name: 'No account' }] }));
    await runOpenDelayCommand(t.database.db, { org: String(acme), hours: '1' }, t.clock.now());
    reqIds.push(await sync({ items: [{ email: 'a3@acme.test', name: 'A3' }] }));
  });
  afterAll(async () => {
    await t.close();
  });

  it('pages the calls newest first by keyset, with SPEC status filters', async () => {
    const first = (await admin('POST', '/api/Sdk/ucapi/page/interface', undefined, { pageSize: 2 })).json()
      .data;
    expect(first.rows.map((row: { RequestId: string }) => row.RequestId)).toEqual([reqIds[2], reqIds[1]]);
    expect(first.rows[0]).toMatchObject({ SyncStatus: 0, Application: 'HR', ApiName: 'members' });
    expect(first.rows[0].DueTime).toBe(t.clock.now() + 60 * 60 * 1000);
    expect(first.rows[1]).toMatchObject({ SyncStatus: 2 });
    const second = (
      await admin('POST', '/api/Sdk/ucapi/page/interface', undefined, {
        pageSize: 2,
        cursor: first.nextCursor,
      })
    ).json().data;
    expect(second.rows.map((row: { RequestId: string }) => row.RequestId)).toEqual([reqIds[0]]);
    expect(second.nextCursor).toBeNull();
    for (const [status, expected] of [
      [1, [reqIds[0]]],
      [2, [reqIds[1]]],
      [0, [reqIds[2]]],
      [4, []],
    ] as const) {
      const rows = (await admin('POST', '/api/Sdk/ucapi/page/interface', undefined, { status })).json().data
        .rows;
      expect(rows.map((row: { RequestId: string }) => row.RequestId)).toEqual(expected);
    }
    const badStatus = await admin('POST', '/api/Sdk/ucapi/page/interface', undefined, { status: 3 });
    expect(badStatus.statusCode).toBe(400);
  });

  it('shows one call with its bodies, the platforms and statuses, and the withdrawn ones in page/record', async () => {
    const detail = (await admin('GET', `/api/Sdk/ucapi/interface?reqId=${reqIds[1]}`)).json().data;
    expect(JSON.parse(detail.RequestBody)).toEqual({ items: [{ name: 'No account' }] });
    expect(JSON.parse(detail.ResponseBody).problems[0].key).toBe('errors.openApi.accountRequired');
    expect((await admin('GET', '/api/Sdk/ucapi/platform')).json().data).toEqual(['HR']);
    expect((await admin('GET', '/api/Sdk/ucapi/responseStatus')).json().data).toEqual([-1, 1, 2, 0, 4]);

    await admin('POST', `/api/OrganizationOpenness/interface/withdrawn?reqId=${reqIds[2]}`);
    const record = (await admin('POST', '/api/Sdk/ucapi/page/record', undefined, {})).json().data.rows;
    expect(record.map((row: { RequestId: string }) => row.RequestId)).toEqual([reqIds[2]]);
    expect(record[0].RevokeTime).toBe(t.clock.now());
  });

  it("is for the organisation's administrators only", async () => {
    expect((await admin('POST', '/api/Sdk/ucapi/page/interface', 'mo@acme.test', {})).statusCode).toBe(403);
    const foreign = await admin('GET', `/api/Sdk/ucapi/interface?reqId=${reqIds[0]}`, 'admin@beta.test');
    expect(foreign.statusCode).toBe(404);
    const beta = (await admin('POST', '/api/Sdk/ucapi/page/interface', 'admin@beta.test', {})).json().data;
    expect(beta.rows).toEqual([]);
  });
});

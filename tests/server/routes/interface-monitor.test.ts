import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAppCredentialCommand, runOpenDelayCommand } from '../../../server/commands/open-command';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';
import { translate } from '../../../domain/i18n';

describe.each(engines())('interface monitor on %s', (engine) => {
  let t: TestApp;
  let acme: number;
  let token: string;
  const cookies: Record<string, string> = {};
  const reqIds: string[] = [];

  const admin = (
    method: 'GET' | 'POST',
    url: string,
    who = 'admin@acme.test',
    payload?: object,
    language = 'zh-CN',
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...t.signed(), cookie: cookies[who], 'accept-language': language },
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

  it('offers no next page after the last one, even when the last page is full', async () => {
    const page = async (body: object) =>
      (await admin('POST', '/api/Sdk/ucapi/page/interface', undefined, body)).json().data;
    // Three calls in pages of three: one full page and nothing after it.
    const all = await page({ pageSize: 3 });
    expect(all.rows.map((row: { RequestId: string }) => row.RequestId)).toEqual([...reqIds].reverse());
    expect(all.nextCursor).toBeNull();
    // Walking pages of one: each cursor leads to a page with a call; the third page is the last.
    const first = await page({ pageSize: 1 });
    const second = await page({ pageSize: 1, cursor: first.nextCursor });
    const third = await page({ pageSize: 1, cursor: second.nextCursor });
    expect([first, second, third].map((p) => p.rows[0].RequestId)).toEqual([...reqIds].reverse());
    expect(third.nextCursor).toBeNull();
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

  it("shows a queued call's per-item problems and its api status in the reader's language", async () => {
    const queued = (
      await t.app.inject({
        method: 'POST',
        url: '/api/Sdk/ucapi/members',
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
        payload: { items: [{ name: 'Nobody to sign in' }, { email: 'a5@acme.test', name: 'A5' }] },
      })
    ).json().data;
    expect(queued.status).toBe(0);
    t.clock.advance(2 * 60 * 60 * 1000);
    await t.app.openCalls.tick();
    const detailIn = async (language: string) =>
      (
        await admin('GET', `/api/Sdk/ucapi/interface?reqId=${queued.reqId}`, undefined, undefined, language)
      ).json().data;
    const english = await detailIn('en-US');
    const chinese = await detailIn('zh-CN');
    expect(english).toMatchObject({ SyncStatus: 2, ApiStatus: '1 item(s) not applied' });
    expect(chinese).toMatchObject({ SyncStatus: 2, ApiStatus: '1 项未生效' });
    expect(JSON.parse(english.ResponseBody).problems).toEqual([
      expect.objectContaining({
        index: 0,
        key: 'errors.openApi.accountRequired',
        message: 'A new member needs a mobile number or an email to sign in with',
      }),
    ]);
    expect(JSON.parse(chinese.ResponseBody).problems[0].message).toBe(
      translate('zh-CN', 'errors.openApi.accountRequired'),
    );
    const listed = (
      await admin('POST', '/api/Sdk/ucapi/page/interface', undefined, { status: 1 }, 'en-US')
    ).json().data.rows;
    expect(listed[0].ApiStatus).toBe('All applied');
  });

  it('reads and sets the delay before effect, with an operation-log row, refusing bad hours', async () => {
    expect((await admin('GET', '/api/OrganizationOpenness/openDelay')).json().data).toEqual({ hours: 1 });
    const set = await admin('POST', '/api/OrganizationOpenness/openDelay', undefined, { hours: 0 });
    expect(set.json().data).toEqual({ hours: 0 });
    expect((await admin('GET', '/api/OrganizationOpenness/openDelay')).json().data).toEqual({ hours: 0 });
    const log = await t.database.db
      .selectFrom('operation_logs')
      .select(['content_key', 'operator_name'])
      .where('org_id', '=', acme)
      .where('content_key', '=', 'operationLog.content.openDelaySet')
      .execute();
    expect(log.map((row) => row.operator_name)).toContain('Acme Admin');
    for (const hours of [-1, 1.5, 721, 'x']) {
      const refused = await admin(
        'POST',
        '/api/OrganizationOpenness/openDelay',
        undefined,
        { hours },
        'en-US',
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain('whole number of hours from 0 to 720');
    }
    expect((await admin('GET', '/api/OrganizationOpenness/openDelay')).json().data).toEqual({ hours: 0 });
    const member = await admin('POST', '/api/OrganizationOpenness/openDelay', 'mo@acme.test', { hours: 5 });
    expect(member.statusCode).toBe(403);
    await admin('POST', '/api/OrganizationOpenness/openDelay', undefined, { hours: 3 });
    const beta = await admin('GET', '/api/OrganizationOpenness/openDelay', 'admin@beta.test');
    expect(beta.json().data).toEqual({ hours: 0 });
  });
});

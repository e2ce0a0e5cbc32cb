import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../../../server/repositories';
import { engines } from '../../helpers/test-database';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';

/** A UTC instant from Shanghai wall-clock time (UTC+8, no daylight saving). */
const shanghai = (month: number, day: number, hour: number, minute = 0) =>
  Date.UTC(2026, month - 1, day, hour - 8, minute);

describe.each(engines())('POST /api/activeUserReport on %s', (engine) => {
  let t: TestApp;
  let adminCookie: string;
  let memberCookie: string;
  let otherCookie: string;

  const report = (cookie: string, body: Record<string, unknown>, language = 'en-US') =>
    t.app.inject({
      method: 'POST',
      url: '/api/activeUserReport',
      headers: { ...t.signed(), cookie, 'accept-language': language },
      payload: body,
    });

  beforeAll(async () => {
    // The clock stands at 2026-11-23 09:00 UTC, 17:00 in Shanghai.
    t = await createTestApp(engine);
    const repos = createRepositories(t.database.db);
    const acme = await createTestOrganization(t, 'Acme Lab', {
      admin: { account: 'admin@acme.test' },
      members: [
        { realName: 'Chemist', account: '13900000001' },
        { realName: 'Analyst', account: 'analyst@acme.test' },
      ],
    });
    const other = await createTestOrganization(t, 'Other Lab', { admin: { account: 'admin@other.test' } });
    const [chemist, analyst] = acme.members;
    const log = (orgId: number, accountId: number | null, time: number, success = true) =>
      repos.loginLogs.insert({
        org_id: orgId,
        account_id: accountId,
        account: 'someone',
        ip: '10.0.0.1',
        browser: 'Chrome 140',
        product: 'UC',
        login_client: 'pc',
        success: success ? 1 : 0,
        reason: success ? null : 'errors.login.wrongCredentials',
        created_at: time,
      });
    // 15 October: the analyst once.
    await log(acme.orgId, analyst.id, shanghai(10, 15, 9));
    // 20 November: the chemist three times and the analyst once; the administrator fails; an unknown
    // account fails; the other organisation signs in five times.
    for (const hour of [10, 11, 12]) await log(acme.orgId, chemist.id, shanghai(11, 20, hour));
    await log(acme.orgId, analyst.id, shanghai(11, 20, 12, 30));
    await log(acme.orgId, acme.admin.id, shanghai(11, 20, 13), false);
    await log(acme.orgId, null, shanghai(11, 20, 14), false);
    for (let i = 0; i < 5; i += 1) await log(other.orgId, other.admin.id, shanghai(11, 20, 10 + i));
    // A minute either side of midnight between the 22nd and the 23rd (one UTC day: 15:59 and 16:01).
    await log(acme.orgId, chemist.id, shanghai(11, 22, 23, 59));
    await log(acme.orgId, chemist.id, shanghai(11, 23, 0, 1));
    // Now, on the 23rd: the administrator, the analyst and the other administrator sign in.
    adminCookie = (await signIn(t, 'admin@acme.test')).cookie;
    memberCookie = (await signIn(t, 'analyst@acme.test')).cookie;
    otherCookie = (await signIn(t, 'admin@other.test')).cookie;
  });
  afterAll(() => t.close());

  it('counts distinct members with a successful sign-in per day in the caller’s time zone', async () => {
    const response = await report(adminCookie, {
      granularity: 'day',
      from: '2026-11-20',
      to: '2026-11-23',
      timeZone: 'Asia/Shanghai',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      Granularity: 'day',
      Periods: [
        { Period: '2026-11-20', ActiveUsers: 2, SignIns: 4 },
        { Period: '2026-11-21', ActiveUsers: 0, SignIns: 0 },
        { Period: '2026-11-22', ActiveUsers: 1, SignIns: 1 },
        { Period: '2026-11-23', ActiveUsers: 3, SignIns: 3 },
      ],
      ActiveUsers: 3,
      SignIns: 8,
      Members: 3,
    });
  });

  it('cuts days at UTC midnight for a UTC caller', async () => {
    const data = (await report(adminCookie, { from: '2026-11-22', to: '2026-11-23' })).json().data;
    expect(data.Periods).toEqual([
      { Period: '2026-11-22', ActiveUsers: 1, SignIns: 2 },
      { Period: '2026-11-23', ActiveUsers: 2, SignIns: 2 },
    ]);
  });

  it('counts distinct members per month, not the sum of their days', async () => {
    const data = (
      await report(adminCookie, {
        granularity: 'month',
        from: '2026-10',
        to: '2026-12',
        timeZone: 'Asia/Shanghai',
      })
    ).json().data;
    expect(data.Periods).toEqual([
      { Period: '2026-10', ActiveUsers: 1, SignIns: 1 },
      { Period: '2026-11', ActiveUsers: 3, SignIns: 8 },
      { Period: '2026-12', ActiveUsers: 0, SignIns: 0 },
    ]);
    expect(data.ActiveUsers).toBe(3);
  });

  it("shows another organisation's administrator only their own organisation", async () => {
    const data = (
      await report(otherCookie, { from: '2026-11-20', to: '2026-11-23', timeZone: 'Asia/Shanghai' })
    ).json().data;
    expect(data.Periods.map((p: { ActiveUsers: number }) => p.ActiveUsers)).toEqual([1, 0, 0, 1]);
    expect(data.SignIns).toBe(6);
    expect(data.Members).toBe(1);
  });

  it.each([
    [{ from: '2025-11-22', to: '2026-11-23' }, 'errors.activeUsers.tooManyDays', '366'],
    [{ granularity: 'month', from: '2023-11', to: '2026-11' }, 'errors.activeUsers.tooManyMonths', '36'],
    [{ from: '2026-11-23', to: '2026-11-20' }, 'errors.activeUsers.invalidRange', null],
    [{ from: '2026-02-30', to: '2026-03-01' }, 'errors.activeUsers.invalidDate', null],
    [{ granularity: 'month', from: '2026-11-01', to: '2026-11' }, 'errors.activeUsers.invalidDate', null],
    [
      { from: '2026-11-20', to: '2026-11-23', timeZone: 'Mars/Base' },
      'errors.loginLog.invalidTimeZone',
      null,
    ],
  ])('refuses %j with %s', async (body, key, limit) => {
    for (const language of ['zh-CN', 'en-US']) {
      const response = await report(adminCookie, body, language);
      expect(response.statusCode).toBe(400);
      const answer = response.json();
      expect(answer.error.key).toBe(key);
      expect(answer.message).not.toContain('errors.');
      if (limit) expect(answer.message).toContain(limit);
    }
  });

  it('refuses a member with 403 and nobody signed in with 401', async () => {
    const member = await report(memberCookie, { from: '2026-11-20', to: '2026-11-23' });
    expect(member.statusCode).toBe(403);
    expect((await report('', { from: '2026-11-20', to: '2026-11-23' })).statusCode).toBe(401);
  });
});

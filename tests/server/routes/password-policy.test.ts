import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../../../server/repositories';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

const POLICY = {
  MinLength: 20,
  MaxLength: 64,
  RequiredClasses: ['upper', 'digit', 'symbol'],
  Expiry: '6months',
  HistoryDepth: 3,
  LockAfter: 6,
};

describe.each(engines())('password policy (organizationConfig/passwordPolicy) on %s', (engine) => {
  let t: TestApp;
  let labOrg: number;
  let otherOrg: number;
  let admin: string;
  let otherAdmin: string;

  const call = (method: 'GET' | 'PUT', cookie: string, payload?: object) =>
    t.app.inject({
      method,
      url: '/api/organizationConfig/passwordPolicy',
      headers: { ...t.signed(), cookie },
      ...(payload ? { payload } : {}),
    });
  const logs = (orgId: number) =>
    t.database.db
      .selectFrom('operation_logs')
      .select(['content', 'operator_name'])
      .where('org_id', '=', orgId)
      .where('module', '=', 'security')
      .execute();

  beforeAll(async () => {
    t = await createTestApp(engine);
    labOrg = (
      await createTestOrganization(t, 'Lab', {
        admin: { account: 'admin@policy.example' },
        members: [{ realName: 'Mo', account: 'member@policy.example' }],
      })
    ).orgId;
    otherOrg = (
      await createTestOrganization(t, 'Other', { admin: { account: 'admin@other-policy.example' } })
    ).orgId;
    admin = (await signIn(t, 'admin@policy.example')).cookie;
    otherAdmin = (await signIn(t, 'admin@other-policy.example')).cookie;
  });
  afterAll(() => t.close());

  it("reads the defaults of an organisation that set none, with NIST's minimum for its sign-in", async () => {
    const response = await call('GET', admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      MinLength: 15,
      MaxLength: 128,
      RequiredClasses: [],
      Expiry: 'never',
      HistoryDepth: 5,
      LockAfter: 5,
      RecommendedMinLength: 15,
    });
  });

  it('saves the whole policy with an operation-log row', async () => {
    const response = await call('PUT', admin, POLICY);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ ...POLICY, RecommendedMinLength: 15 });
    expect((await call('GET', admin)).json().data).toEqual({ ...POLICY, RecommendedMinLength: 15 });
    expect(await logs(labOrg)).toEqual([
      {
        content:
          'Set the password policy: length 20-64, classes upper, digit, symbol, expiry 6 months, history 3, lock after 6 failures',
        operator_name: 'Lab Admin',
      },
    ]);
  });

  it('applies at the next sign-in: a password that falls short must be changed first', async () => {
    const { response } = await signIn(t, 'member@policy.example');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.PwdInfo).toEqual({ MustChange: true, Reason: 'weak' });
  });

  it('applies the short expiries of SPEC §9 at the next sign-in', async () => {
    expect(
      (await call('PUT', admin, { ...POLICY, MinLength: 8, RequiredClasses: [], Expiry: '10m' })).statusCode,
    ).toBe(200);
    t.clock.advance(11 * 60 * 1000);
    const { response } = await signIn(t, 'member@policy.example');
    expect(response.json().data.PwdInfo).toEqual({ MustChange: true, Reason: 'expired' });
  });

  it.each([
    [{ MinLength: 0 }, 'errors.passwordPolicy.minLength'],
    [{ MinLength: 20, MaxLength: 10 }, 'errors.passwordPolicy.maxLength'],
    [{ Expiry: '13weeks' }, 'errors.passwordPolicy.expiry'],
    [{ Expiry: '121months' }, 'errors.passwordPolicy.expiry'],
    [{ HistoryDepth: 25 }, 'errors.passwordPolicy.historyDepth'],
    [{ LockAfter: 2 }, 'errors.passwordPolicy.lockAfter'],
    [{ RequiredClasses: ['emoji'] }, 'errors.request.invalid'],
  ])('refuses %j with %s and changes nothing', async (change, key) => {
    const before = (await call('GET', admin)).json().data;
    const response = await call('PUT', admin, { ...POLICY, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.key).toBe(key);
    expect((await call('GET', admin)).json().data).toEqual(before);
  });

  it('defaults to 8 and recommends 8 while every sign-in also needs a code', async () => {
    const repos = createRepositories(t.database.db);
    await repos.secondaryVerification.saveMode(otherOrg, 'always', t.clock.now());
    expect((await call('GET', otherAdmin)).json().data).toMatchObject({
      MinLength: 8,
      RecommendedMinLength: 8,
    });
    await repos.secondaryVerification.saveMode(otherOrg, 'new-device', t.clock.now());
    expect((await call('GET', otherAdmin)).json().data).toMatchObject({
      MinLength: 15,
      RecommendedMinLength: 15,
    });
  });

  it('keeps organisations apart', async () => {
    expect((await call('GET', otherAdmin)).json().data.MinLength).toBe(15);
    expect((await call('PUT', otherAdmin, { ...POLICY, MinLength: 10 })).statusCode).toBe(200);
    expect((await call('GET', admin)).json().data.MinLength).toBe(8);
    // The saved policy holds when the mode changes; only the recommendation beside it follows.
    const repos = createRepositories(t.database.db);
    await repos.secondaryVerification.saveMode(otherOrg, 'always', t.clock.now());
    expect((await call('GET', otherAdmin)).json().data).toMatchObject({
      MinLength: 10,
      RecommendedMinLength: 8,
    });
  });

  it('answers 403 to a member', async () => {
    t.clock.advance(1000);
    expect(
      (await call('PUT', admin, { ...POLICY, MinLength: 8, RequiredClasses: [], Expiry: 'never' }))
        .statusCode,
    ).toBe(200);
    const member = (await signIn(t, 'member@policy.example')).cookie;
    for (const method of ['GET', 'PUT'] as const) {
      const response = await call(method, member, method === 'PUT' ? POLICY : undefined);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.key).toBe('errors.auth.noPermission');
    }
  });
});

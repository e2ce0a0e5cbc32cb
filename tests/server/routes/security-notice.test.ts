import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../../domain/constants';
import { DEFAULT_PASSWORD_POLICY, passwordExpiresAt } from '../../../domain/rules/password-policy';
import { createRepositories } from '../../../server/repositories';
import { engines } from '../../helpers/test-database';
import { createTestApp, createTestOrganization, type TestApp, TEST_PASSWORD } from '../../helpers/test-app';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';

describe.each(engines())('GET /api/account/securityNotice on %s', (engine) => {
  let t: TestApp;
  let orgId: number;
  let createdAt: number;

  const attempt = async (account: string, ip: string, password = TEST_PASSWORD) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/loginV2',
      remoteAddress: ip,
      headers: { ...t.signed(), 'user-agent': FIREFOX },
      payload: { account, password, agreed: true },
    });
    const session = response.cookies.find((c) => c.name === 'uc_session');
    return session ? `uc_session=${session.value}` : '';
  };
  const notice = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/account/securityNotice', headers: { cookie } });

  beforeAll(async () => {
    t = await createTestApp(engine);
    createdAt = t.clock.now();
    ({ orgId } = await createTestOrganization(t, 'Notice Lab', {
      admin: { account: 'admin@notice.test' },
      members: [
        { realName: 'First Timer', account: 'first@notice.test' },
        { realName: 'Regular', account: 'regular@notice.test' },
        { realName: 'Bystander', account: 'bystander@notice.test' },
        { realName: 'New Hire', account: 'newhire@notice.test', mustChangePassword: true },
      ],
    }));
  });
  afterAll(() => t.close());

  it('tells a first sign-in there is no earlier one, no failures, and a password that never expires', async () => {
    t.clock.advance(HOUR_MS);
    const cookie = await attempt('first@notice.test', '10.0.0.1');
    const response = await notice(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      PreviousLogin: null,
      FailedAttempts: { Count: 0, LastTime: null, LastIP: null },
      Password: { ChangedAt: createdAt, ExpiresAt: null },
    });
  });

  it('names the previous successful sign-in and the failures on the account since then, not before', async () => {
    await attempt('regular@notice.test', '10.0.0.2', 'wrong-before');
    t.clock.advance(HOUR_MS);
    const previousAt = t.clock.now();
    await attempt('regular@notice.test', '10.0.0.3');
    t.clock.advance(DAY_MS);
    await attempt('regular@notice.test', '203.0.113.5', 'wrong-1');
    await attempt('bystander@notice.test', '203.0.113.5', 'wrong-elsewhere');
    t.clock.advance(HOUR_MS);
    const lastFailureAt = t.clock.now();
    await attempt('regular@notice.test', '203.0.113.6', 'wrong-2');
    t.clock.advance(HOUR_MS);
    const cookie = await attempt('regular@notice.test', '10.0.0.4');

    const data = (await notice(cookie)).json().data;
    expect(data.PreviousLogin).toEqual({
      Time: previousAt,
      IP: '10.0.0.3',
      Browser: 'Firefox 140',
      Product: 'UC',
    });
    expect(data.FailedAttempts).toEqual({ Count: 2, LastTime: lastFailureAt, LastIP: '203.0.113.6' });
  });

  it('keeps naming the same previous sign-in for the whole session, and counts failures that come later', async () => {
    const cookie = await attempt('regular@notice.test', '10.0.0.5');
    const before = (await notice(cookie)).json().data;
    t.clock.advance(HOUR_MS);
    await attempt('regular@notice.test', '198.51.100.9', 'wrong-later');
    const after = (await notice(cookie)).json().data;
    expect(after.PreviousLogin).toEqual(before.PreviousLogin);
    expect(after.FailedAttempts.Count).toBe(before.FailedAttempts.Count + 1);
    expect(after.FailedAttempts.LastIP).toBe('198.51.100.9');
  });

  it("gives the password's expiry under the organisation's policy", async () => {
    await createRepositories(t.database.db).passwordPolicies.save(
      orgId,
      { ...DEFAULT_PASSWORD_POLICY, expiry: '6months' },
      t.clock.now(),
    );
    const cookie = await attempt('first@notice.test', '10.0.0.1');
    const data = (await notice(cookie)).json().data;
    expect(data.Password).toEqual({
      ChangedAt: createdAt,
      ExpiresAt: passwordExpiresAt(createdAt, '6months'),
    });
    await createRepositories(t.database.db).passwordPolicies.save(
      orgId,
      DEFAULT_PASSWORD_POLICY,
      t.clock.now(),
    );
  });

  it('is not answered while the password must be changed, nor without a session', async () => {
    const cookie = await attempt('newhire@notice.test', '10.0.0.7');
    const forced = await notice(cookie);
    expect(forced.statusCode).toBe(403);
    expect(forced.json().error.key).toBe('errors.password.changeRequired');
    expect((await notice('')).statusCode).toBe(401);
  });

  it('carries no secret', async () => {
    const cookie = await attempt('admin@notice.test', '10.0.0.8');
    const body = (await notice(cookie)).body;
    expect(body).not.toMatch(/argon2|password_hash|uc_session|token/i);
  });
});

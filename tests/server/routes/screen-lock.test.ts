import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestOrganization,
  signIn,
  TEST_PASSWORD,
  type TestApp,
} from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

describe.each(engines())('screen lock on %s', (engine) => {
  let t: TestApp;
  let ipCount = 0;
  const freshIp = () => `203.0.113.${(ipCount += 1)}`;

  beforeAll(async () => {
    t = await createTestApp(engine, { SCREEN_LOCK_IDLE_MINUTES: '15' });
    await createTestOrganization(t, 'Lock Lab', {
      admin: { account: 'admin@lock.test' },
      members: [
        { realName: 'Ann', account: 'ann@lock.test' },
        { realName: 'Ben', account: 'ben@lock.test' },
        { realName: 'Cy', account: 'cy@lock.test' },
      ],
    });
    await createTestOrganization(t, 'Other Lab', { admin: { account: 'admin@other.test' } });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object, ip = '127.0.0.1') =>
    t.app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: { ...t.signed(), cookie, 'accept-language': 'en-US' },
      ...(payload ? { payload } : {}),
    });

  it('tells the client the idle time through GET /api/config', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json().data.screenLockIdleMinutes).toBe(15);
  });

  describe('POST /api/account/lock', () => {
    it('locks the session on the server: other calls answer 403 screenLock.locked, the session info says so', async () => {
      const { cookie } = await signIn(t, 'ann@lock.test');
      expect((await call('POST', '/api/account/lock', cookie)).statusCode).toBe(200);
      const basic = await call('GET', '/api/Account/AuthorizeInfo?showUnAuthorized=true', cookie);
      expect(basic.statusCode).toBe(403);
      expect(basic.json().error.key).toBe('errors.screenLock.locked');
      expect(basic.json().message).toBe('The screen is locked. Enter your password to unlock it.');
      const current = await call('GET', '/api/account/current', cookie);
      expect(current.statusCode).toBe(200);
      expect(current.json().data.Locked).toBe(true);
      // Locking again is harmless.
      expect((await call('POST', '/api/account/lock', cookie)).statusCode).toBe(200);
    });

    it('locks only the session that asked: another sign-in of the same account goes on', async () => {
      const first = await signIn(t, 'ben@lock.test');
      const second = await signIn(t, 'ben@lock.test');
      await call('POST', '/api/account/lock', first.cookie);
      expect((await call('GET', '/api/Account/AuthorizeInfo', second.cookie)).statusCode).toBe(200);
      expect((await call('GET', '/api/account/current', second.cookie)).json().data.Locked).toBe(false);
    });

    it('refuses a signed-out caller with 401', async () => {
      expect((await call('POST', '/api/account/lock', '')).statusCode).toBe(401);
    });
  });

  describe('POST /api/account/unlock', () => {
    it('unlocks with the account password, and the portal answers again', async () => {
      const { cookie } = await signIn(t, 'admin@lock.test');
      await call('POST', '/api/account/lock', cookie);
      const response = await call('POST', '/api/account/unlock', cookie, { Password: TEST_PASSWORD });
      expect(response.statusCode).toBe(200);
      expect((await call('GET', '/api/Account/AuthorizeInfo', cookie)).statusCode).toBe(200);
      expect((await call('GET', '/api/account/current', cookie)).json().data.Locked).toBe(false);
    });

    it('refuses a wrong password on the Password field, counting down to the account lock', async () => {
      const { cookie } = await signIn(t, 'cy@lock.test');
      await call('POST', '/api/account/lock', cookie);
      const ip = freshIp();
      const first = await call('POST', '/api/account/unlock', cookie, { Password: 'wrong-1' }, ip);
      expect(first.statusCode).toBe(400);
      expect(first.json().error).toEqual({
        key: 'errors.screenLock.wrongPassword',
        params: { field: 'Password' },
      });
      await call('POST', '/api/account/unlock', cookie, { Password: 'wrong-2' }, ip);
      const third = await call('POST', '/api/account/unlock', cookie, { Password: 'wrong-3' }, ip);
      expect(third.json().error).toEqual({
        key: 'errors.screenLock.wrongPasswordRemaining',
        params: { remaining: 2, field: 'Password' },
      });
      await call('POST', '/api/account/unlock', cookie, { Password: 'wrong-4' }, ip);
      // The fifth wrong password locks the account as five failed sign-ins would, and ends its sessions.
      const fifth = await call('POST', '/api/account/unlock', cookie, { Password: 'wrong-5' }, ip);
      expect(fifth.statusCode).toBe(401);
      expect(fifth.json().error.key).toBe('errors.login.locked');
      expect((await call('GET', '/api/account/current', cookie)).statusCode).toBe(401);
      const row = await t.database.db
        .selectFrom('accounts')
        .select('status')
        .where('email', '=', 'cy@lock.test')
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('locked');
    });

    it('checks the signed-in account only: another organisation’s password does not unlock it', async () => {
      const { cookie } = await signIn(t, 'admin@other.test');
      await call('POST', '/api/account/lock', cookie);
      const response = await call(
        'POST',
        '/api/account/unlock',
        cookie,
        { Password: 'Other#Pass2026' },
        freshIp(),
      );
      expect(response.statusCode).toBe(400);
      expect((await call('GET', '/api/Account/AuthorizeInfo', cookie)).statusCode).toBe(403);
    });

    it('requires a password', async () => {
      const { cookie } = await signIn(t, 'admin@other.test');
      const response = await call('POST', '/api/account/unlock', cookie, { Password: '' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.key).toBe('errors.screenLock.passwordRequired');
    });

    it('signs out of a locked session', async () => {
      const { cookie } = await signIn(t, 'admin@other.test');
      await call('POST', '/api/account/lock', cookie);
      expect((await call('POST', '/api/account/logout', cookie)).statusCode).toBe(200);
      expect((await call('GET', '/api/account/current', cookie)).statusCode).toBe(401);
    });
  });
});

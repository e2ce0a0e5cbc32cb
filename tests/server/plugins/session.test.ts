import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../../domain/constants';
import { engines } from '../../helpers/test-database';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';

describe.each(engines())('session lifetime on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await createTestOrganization(t, 'Time Lab', { admin: { account: 'admin@time.test' } });
  });
  afterAll(() => t.close());

  const current = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/account/current', headers: { cookie } });

  it('ends every session 5 days after sign-in, however active, with the forced-logout notice', async () => {
    const { cookie } = await signIn(t, 'admin@time.test', undefined, { autoLogin: true });
    for (let hours = 0; hours < 5 * 24 - 12; hours += 12) {
      t.clock.advance(12 * HOUR_MS);
      expect((await current(cookie)).statusCode).toBe(200);
    }
    t.clock.advance(12 * HOUR_MS);
    const ended = await current(cookie);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error.key).toBe('errors.auth.forcedLogout');
    expect(ended.cookies.find((c) => c.name === 'uc_session')?.value).toBe('');
  });

  it('renews an auto-login cookie for a full day on activity', async () => {
    const { cookie } = await signIn(t, 'admin@time.test', undefined, { autoLogin: true });
    t.clock.advance(2 * HOUR_MS);
    const response = await current(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'uc_session')?.maxAge).toBe(86400);
    expect(response.cookies.find((c) => c.name === 'AccountInfo')?.maxAge).toBe(86400);
  });

  it('does not turn a browser-session cookie into a persistent one', async () => {
    const { cookie } = await signIn(t, 'admin@time.test');
    t.clock.advance(2 * HOUR_MS);
    const response = await current(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'uc_session')).toBeUndefined();
  });

  it('expires a session idle for more than a day', async () => {
    const { cookie } = await signIn(t, 'admin@time.test');
    t.clock.advance(DAY_MS + 1);
    const response = await current(cookie);
    expect(response.json().error.key).toBe('errors.auth.sessionExpired');
  });

  it('caps the renewed cookie at the time left before the forced logout', async () => {
    const { cookie } = await signIn(t, 'admin@time.test', undefined, { autoLogin: true });
    for (let step = 0; step < 6; step += 1) {
      t.clock.advance(18 * HOUR_MS);
      expect((await current(cookie)).statusCode).toBe(200);
    }
    // 4 days 18 hours after sign-in: 6 hours remain.
    t.clock.advance(6 * HOUR_MS);
    const response = await current(cookie);
    expect(response.statusCode).toBe(200);
    const renewed = response.cookies.find((c) => c.name === 'uc_session')!;
    expect(renewed.maxAge).toBe(6 * 3600);
  });

  it('stops the sessions of an account that gets locked', async () => {
    const { cookie } = await signIn(t, 'admin@time.test');
    await t.database.db
      .updateTable('accounts')
      .set({ status: 'locked' })
      .where('email', '=', 'admin@time.test')
      .execute();
    const response = await current(cookie);
    expect(response.statusCode).toBe(401);
    await t.database.db
      .updateTable('accounts')
      .set({ status: 'active' })
      .where('email', '=', 'admin@time.test')
      .execute();
  });

  it('ignores a forged or unknown token', async () => {
    const response = await current('uc_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(response.statusCode).toBe(401);
    expect(response.json().error.key).toBe('errors.auth.required');
  });
});

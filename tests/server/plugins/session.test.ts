import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../../domain/constants';
import { engines } from '../../helpers/test-database';
import { HOST_FRAME_HEADER } from '../../../domain/rules/host-frame';
import {
  createTestApp,
  createTestOrganization,
  signIn,
  type TestApp,
  TEST_PASSWORD,
} from '../../helpers/test-app';

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

describe.each(engines())('session cookies in a chat host frame on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await createTestOrganization(t, 'Frame Lab', { admin: { account: 'admin@frame.test' } });
  });
  afterAll(() => t.close());

  const login = (headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/loginV2',
      headers: { ...t.signed(), ...headers },
      payload: { account: 'admin@frame.test', password: TEST_PASSWORD, agreed: true },
    });
  /** The raw Set-Cookie line of a cookie, to read attributes light-my-request does not parse. */
  const setCookie = (response: Awaited<ReturnType<typeof login>>, name: string) =>
    ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((line) => line.startsWith(`${name}=`));

  it('keeps a browser on SameSite=Lax, not partitioned', async () => {
    const response = await login();
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'uc_session')).toMatchObject({ sameSite: 'Lax' });
    expect(setCookie(response, 'uc_session')).not.toMatch(/Partitioned/i);
  });

  it('gives a page DingTalk PC frames cross-site SameSite=None; Secure; Partitioned session cookies', async () => {
    const response = await login({ [HOST_FRAME_HEADER]: 'dingtalk' });
    expect(response.statusCode).toBe(200);
    for (const name of ['uc_session', 'AccountInfo']) {
      expect(response.cookies.find((c) => c.name === name)).toMatchObject({ sameSite: 'None', secure: true });
      expect(setCookie(response, name)).toMatch(/; Partitioned/i);
    }
    expect(setCookie(response, 'uc_session')).toMatch(/HttpOnly/i);
  });

  it('takes only the chat hosts as framing hosts', async () => {
    const response = await login({ [HOST_FRAME_HEADER]: 'evil.example' });
    expect(response.cookies.find((c) => c.name === 'uc_session')).toMatchObject({ sameSite: 'Lax' });
  });

  it('clears framed cookies with the attributes they were set with', async () => {
    const token = (await login({ [HOST_FRAME_HEADER]: 'dingtalk' })).cookies.find(
      (c) => c.name === 'uc_session',
    )!.value;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/logout',
      headers: { ...t.signed(), [HOST_FRAME_HEADER]: 'dingtalk', cookie: `uc_session=${token}` },
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(setCookie(response, 'uc_session')).toMatch(
      /SameSite=None.*Partitioned|Partitioned.*SameSite=None/i,
    );
    expect(response.cookies.find((c) => c.name === 'uc_session')?.value).toBe('');
  });

  it('still refuses an unsigned sign-in from a framed page', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/loginV2',
      headers: { [HOST_FRAME_HEADER]: 'dingtalk' },
      payload: { account: 'admin@frame.test', password: TEST_PASSWORD, agreed: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.key).toBe('errors.request.unsigned');
  });

  it("refuses a signed change from another site's page, as the browser says (Sec-Fetch-Site)", async () => {
    const response = await login({ 'sec-fetch-site': 'cross-site', [HOST_FRAME_HEADER]: 'dingtalk' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.key).toBe('errors.request.crossSite');
    expect(response.cookies).toEqual([]);
  });

  it('refuses a change whose Origin is another host when the browser sends no Sec-Fetch-Site', async () => {
    const refused = await login({ origin: 'https://evil.example', host: 'uc.example' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.key).toBe('errors.request.crossSite');
    const opaque = await login({ origin: 'null', host: 'uc.example' });
    expect(opaque.json().error.key).toBe('errors.request.crossSite');
  });

  it('lets the portal itself and the same site through', async () => {
    const pages: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'same-origin', origin: 'http://uc.example', host: 'uc.example' },
      { 'sec-fetch-site': 'same-site', origin: 'https://www.example', host: 'uc.example' },
      { origin: 'http://uc.example:8080', host: 'uc.example:8080' },
    ];
    for (const headers of pages) {
      expect((await login(headers)).statusCode).toBe(200);
    }
  });

  it('lets a cross-site read through: it changes nothing and CORS keeps its answer from the other site', async () => {
    const { cookie } = await signIn(t, 'admin@frame.test');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/account/current',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });
});

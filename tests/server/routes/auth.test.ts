import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../helpers/test-database';
import {
  answeredCaptcha,
  createTestApp,
  createTestOrganization,
  signIn,
  type TestApp,
  TEST_PASSWORD,
} from '../../helpers/test-app';

const CAPTCHA = 'HJKM';

describe.each(engines())('sign-in on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { captchaText: () => CAPTCHA });
    await createTestOrganization(t, 'Acme Lab', {
      products: ['ELN'],
      admin: { account: 'admin@acme.test' },
      members: [
        { realName: 'Chemist', account: '13900000001' },
        { realName: 'Locked Out', account: 'victim@acme.test' },
      ],
    });
  });
  afterAll(() => t.close());

  describe('POST /api/account/loginV2', () => {
    it('signs in with the right password and returns the account state', async () => {
      const { response, cookie } = await signIn(t, 'Admin@Acme.test ');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.code).toBe(100);
      expect(body.data.AccountInfo).toMatchObject({
        RealName: 'Acme Lab Admin',
        Account: 'admin@acme.test',
        IsOrganAdmin: 1,
      });
      expect(body.data.OrgName).toBe('Acme Lab');
      expect(body.data.UIVersion).toBe('NEW');
      expect(body.data.PwdInfo).toEqual({ MustChange: false, Reason: null });
      expect(body.data.ExpiredTime).toBe(t.clock.now() + 5 * 24 * 3600 * 1000);
      expect(JSON.stringify(body)).not.toMatch(/password_hash|argon2|uc_session/);
      expect(cookie).toMatch(/^uc_session=[\w-]{43}$/);
    });

    it('sets an HttpOnly SameSite=Lax browser-session cookie without auto-login', async () => {
      const { response } = await signIn(t, '13900000001');
      const session = response.cookies.find((c) => c.name === 'uc_session')!;
      expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(session.maxAge).toBeUndefined();
      const info = response.cookies.find((c) => c.name === 'AccountInfo')!;
      expect(info.httpOnly).toBeFalsy();
      expect(info.value).not.toContain(session.value);
    });

    it('keeps the cookie one day with auto-login', async () => {
      const { response } = await signIn(t, '13900000001', TEST_PASSWORD, { autoLogin: true });
      const session = response.cookies.find((c) => c.name === 'uc_session')!;
      expect(session.maxAge).toBe(86400);
      expect(response.json().data.autoLogin).toBe(true);
    });

    it('gives a wrong password and an unknown account the same answer', async () => {
      const wrong = await signIn(t, 'admin@acme.test', 'not-the-password');
      const unknown = await signIn(t, 'nobody@acme.test', 'not-the-password');
      expect(wrong.response.statusCode).toBe(401);
      expect(unknown.response.statusCode).toBe(401);
      expect(wrong.response.json()).toEqual(unknown.response.json());
      expect(wrong.response.json().error.key).toBe('errors.login.wrongCredentials');
      expect(wrong.cookie).toBe('');
    });

    it('localises the failure message from Accept-Language', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/account/login',
        headers: { ...t.signed(), 'accept-language': 'en-US' },
        payload: { account: 'admin@acme.test', password: 'nope', agreed: true },
      });
      expect(response.json().message).toBe('Account or password input wrong, please re-enter');
    });

    it('refuses to sign in without the agreement ticked', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/account/loginV2',
        headers: t.signed(),
        payload: { account: 'admin@acme.test', password: TEST_PASSWORD },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.key).toBe('errors.login.agreementRequired');
    });

    it('answers paths case-insensitively', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/API/Account/LOGIN',
        headers: t.signed(),
        payload: { account: 'admin@acme.test', password: TEST_PASSWORD, agreed: true },
      });
      expect(response.statusCode).toBe(200);
    });

    it('locks an account after five failures, even for the right password afterwards', async () => {
      const answers = [];
      // From the fourth try on the name needs the image captcha.
      const captcha = async (i: number) => (i < 3 ? {} : answeredCaptcha(t, CAPTCHA));
      for (let i = 0; i < 5; i += 1)
        answers.push((await signIn(t, 'victim@acme.test', `wrong-${i}`, await captcha(i))).response);
      expect(answers.slice(0, 4).map((r) => r.statusCode)).toEqual([401, 401, 401, 401]);
      expect(answers[4].json().error.key).toBe('errors.login.locked');
      const right = await signIn(t, 'victim@acme.test', TEST_PASSWORD, await captcha(5));
      expect(right.response.statusCode).toBe(403);
      expect(right.response.json().error.key).toBe('errors.login.locked');
      const row = await t.database.db
        .selectFrom('accounts')
        .select('status')
        .where('email', '=', 'victim@acme.test')
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('locked');
    });

    it('writes a login-log row for every attempt', async () => {
      const before = await t.database.db.selectFrom('login_logs').selectAll().execute();
      await t.app.inject({
        method: 'POST',
        url: '/api/account/loginV2',
        headers: { ...t.signed(), 'user-agent': 'Mozilla/5.0 Chrome/156.0.0.0 Safari/537.36' },
        payload: { account: 'admin@acme.test', password: TEST_PASSWORD, agreed: true, productType: 'ELN' },
      });
      await signIn(t, 'ghost@acme.test', 'x');
      const rows = await t.database.db.selectFrom('login_logs').selectAll().orderBy('id').execute();
      const added = rows.slice(before.length);
      expect(added).toHaveLength(2);
      expect(added[0]).toMatchObject({
        account: 'admin@acme.test',
        success: 1,
        product: 'ELN',
        browser: 'Chrome 156',
      });
      expect(added[0].org_id).not.toBeNull();
      expect(added[1]).toMatchObject({
        account: 'ghost@acme.test',
        success: 0,
        org_id: null,
        reason: 'errors.login.wrongCredentials',
      });
    });
  });

  describe('POST /api/account/logout', () => {
    it('ends the session so its cookie no longer works', async () => {
      const { cookie } = await signIn(t, 'admin@acme.test');
      const logout = await t.app.inject({
        method: 'POST',
        url: '/api/account/logout',
        headers: { ...t.signed(), cookie },
      });
      expect(logout.statusCode).toBe(200);
      const current = await t.app.inject({ method: 'GET', url: '/api/account/current', headers: { cookie } });
      expect(current.statusCode).toBe(401);
    });

    it('answers 401 when not signed in', async () => {
      const logout = await t.app.inject({ method: 'POST', url: '/api/account/logout', headers: t.signed() });
      expect(logout.statusCode).toBe(401);
      expect(logout.json().error.key).toBe('errors.auth.required');
    });
  });
});

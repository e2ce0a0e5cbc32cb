import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../../domain/constants';
import { runTrialCommand } from '../../../server/commands/trial-command';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

describe.each(engines())('trial sign-in on %s', (engine) => {
  let t: TestApp;
  const outbox: string[] = [];
  let ipCount = 0;
  const freshIp = () => `198.51.100.${(ipCount += 1)}`;
  let applicationCount = 0;

  const post = (url: string, payload: object, cookie = '', ip = freshIp()) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: ip,
      headers: { ...t.signed(), 'accept-language': 'en-US', cookie },
      payload,
    });
  const sendCode = (mobilePhone: string) => post('/api/TemporaryUser/Trial/SendCode', { mobilePhone });
  const login = (mobilePhone: string, verificationCode: string, ip?: string) =>
    post('/api/TemporaryUser/Trial/Login', { mobilePhone, verificationCode, agreed: true }, '', ip);
  const codesFor = (mobile: string) => outbox.filter((line) => line.endsWith(` for ${mobile}`));
  const lastCode = (mobile: string) => {
    const line = codesFor(mobile).at(-1);
    if (!line) throw new Error(`no code for ${mobile}`);
    return /code (\d{6}) for/.exec(line)![1];
  };
  const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) => {
    const session = response.cookies.find((c) => c.name === 'uc_session');
    return session ? `uc_session=${session.value}` : '';
  };

  /** An approved trial application of a fresh mobile number, as the operator approves it. */
  async function approvedTrial(
    product = 'ELN',
    periodMs = 7 * DAY_MS,
  ): Promise<{ mobile: string; orgId: number; id: number }> {
    applicationCount += 1;
    const mobile = `1391111${String(applicationCount).padStart(4, '0')}`;
    const id = await t.database.db
      .insertInto('trial_applications')
      .values({
        name: `Trial ${applicationCount}`,
        mobile,
        email: `trial${applicationCount}@example.test`,
        company: `Trial Co ${applicationCount}`,
        industry: 'pharmaceutical',
        product,
        message: '',
        language: 'en-US',
        status: 'pending',
        created_at: t.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lines = await runTrialCommand(
      t.database.db,
      'trial:approve',
      { id: String(id.id) },
      t.clock.now(),
      periodMs,
    );
    const orgId = Number(/organisation (\d+) created/.exec(lines[0])![1]);
    return { mobile, orgId, id: Number(id.id) };
  }

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { devOutbox: (line) => outbox.push(line) });
    await createTestOrganization(t, 'Plain Lab', {
      products: ['ELN'],
      admin: { account: '13922220000', products: ['ELN'] },
    });
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.advance(2 * HOUR_MS));

  describe('POST /api/TemporaryUser/Trial/SendCode', () => {
    it('sends a code to an approved trial’s number, never in the answer', async () => {
      const { mobile } = await approvedTrial();
      const response = await sendCode(mobile);
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toMatch(/If this number has an approved trial/);
      expect(response.body).not.toContain(lastCode(mobile));
    });

    it('answers alike for a number without a trial, but sends nothing', async () => {
      const response = await sendCode('13922220000');
      expect(response.statusCode).toBe(200);
      expect(codesFor('13922220000')).toEqual([]);
    });

    it('keeps the verification codes’ resend limit', async () => {
      const { mobile } = await approvedTrial();
      expect((await sendCode(mobile)).statusCode).toBe(200);
      const again = await sendCode(mobile);
      expect(again.statusCode).toBe(429);
      expect(again.json().error.key).toBe('errors.request.tooFrequent');
    });

    it('refuses a number that is not a mainland mobile', async () => {
      const response = await sendCode('12345');
      expect(response.statusCode).toBe(400);
      expect(response.json().error.key).toBe('errors.validation.invalidMobile');
    });
  });

  describe('POST /api/TemporaryUser/Trial/Login', () => {
    it('signs in with the code: a trial session restricted to the demo site', async () => {
      const { mobile } = await approvedTrial();
      await sendCode(mobile);
      const response = await login(mobile, lastCode(mobile));
      expect(response.statusCode).toBe(200);
      const end = t.clock.now() + 7 * DAY_MS;
      expect(response.json().data).toEqual({ LoginMode: 'trial', TrialExpiresAt: end });
      const cookie = cookieOf(response);
      const current = await t.app.inject({ method: 'GET', url: '/api/account/current', headers: { cookie } });
      expect(current.json().data).toMatchObject({ LoginMode: 'trial', TrialExpiresAt: end });
      expect(current.json().data.PwdInfo.MustChange).toBe(false);
      // Anything but the session, sign-out and language is out of reach: the demo site only.
      const products = await t.app.inject({
        method: 'GET',
        url: '/api/Account/AuthorizeInfo',
        headers: { cookie },
      });
      expect(products.statusCode).toBe(403);
      expect(products.json().error.key).toBe('errors.trialSignIn.demoOnly');
      const demo = await t.app.inject({ method: 'GET', url: '/demo-site', headers: { cookie } });
      expect(demo.statusCode).toBe(200);
      expect(demo.body).toContain('is on a trial until');
      expect(demo.body).toContain('href="demo-product/ELN"');
      expect((await post('/api/account/logout', {}, cookie)).statusCode).toBe(200);
    });

    it('refuses a wrong code, and a code of another number', async () => {
      const [a, b] = [await approvedTrial(), await approvedTrial()];
      await sendCode(a.mobile);
      await sendCode(b.mobile);
      const wrong = await login(a.mobile, lastCode(a.mobile) === '000000' ? '111111' : '000000');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.key).toBe('errors.verification.codeWrong');
      if (lastCode(a.mobile) !== lastCode(b.mobile)) {
        expect((await login(a.mobile, lastCode(b.mobile))).statusCode).toBe(400);
      }
    });

    it('never signs in a number without a trial, even a real account', async () => {
      await sendCode('13922220000');
      const response = await login('13922220000', '123456');
      expect(response.statusCode).toBe(400);
      expect(response.cookies.find((c) => c.name === 'uc_session')).toBeUndefined();
    });

    it('after the trial period says SPEC §8’s words, and ends sessions that were signed in', async () => {
      const { mobile } = await approvedTrial('ELN', HOUR_MS);
      await sendCode(mobile);
      const cookie = cookieOf(await login(mobile, lastCode(mobile)));
      t.clock.advance(2 * HOUR_MS);
      const current = await t.app.inject({ method: 'GET', url: '/api/account/current', headers: { cookie } });
      expect(current.statusCode).toBe(401);
      expect(current.json().error.key).toBe('errors.login.trialExpired');
      const demo = await t.app.inject({
        method: 'GET',
        url: '/demo-site',
        headers: { cookie, 'accept-language': 'en-US' },
      });
      expect(demo.body).toContain('Your account has exceeded the trial period');
      await sendCode(mobile);
      const again = await login(mobile, lastCode(mobile));
      expect(again.statusCode).toBe(403);
      expect(again.json().error.key).toBe('errors.login.trialExpired');
      expect(again.json().message).toBe(
        'Your account has exceeded the trial period, please contact customer service to open authorisation.',
      );
    });

    it('signs in again once customer service extends the trial (trial:extend)', async () => {
      const { mobile, id } = await approvedTrial();
      t.clock.advance(8 * DAY_MS);
      const lines = await runTrialCommand(
        t.database.db,
        'trial:extend',
        { id: String(id), days: '3' },
        t.clock.now(),
      );
      expect(lines[0]).toMatch(/trial sign-in \(\/trial\) until/);
      await sendCode(mobile);
      expect((await login(mobile, lastCode(mobile))).statusCode).toBe(200);
    });

    it('requires the agreement tick', async () => {
      const response = await post('/api/TemporaryUser/Trial/Login', {
        mobilePhone: '13911110001',
        verificationCode: '123456',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.key).toBe('errors.login.agreementRequired');
    });
  });

  it('answers 404 to the trial sign-in while the trial module (MODULE_REGISTER) is off', async () => {
    const off = await createTestApp(engine, { MODULE_REGISTER: 'false' });
    try {
      for (const [url, payload] of [
        ['/api/TemporaryUser/Trial/SendCode', { mobilePhone: '13911110001' }],
        [
          '/api/TemporaryUser/Trial/Login',
          { mobilePhone: '13911110001', verificationCode: '123456', agreed: true },
        ],
      ] as const) {
        const response = await off.app.inject({ method: 'POST', url, headers: off.signed(), payload });
        expect(response.statusCode).toBe(404);
        expect(response.json().error.key).toBe('errors.request.notFound');
      }
      const config = await off.app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json().data.modules.register).toBe(false);
    } finally {
      await off.close();
    }
  });

  it('a password sign-in is not a trial one', async () => {
    const { response } = await signIn(t, '13922220000');
    expect(response.json().data.LoginMode).toBe('normal');
    expect(response.json().data.TrialExpiresAt).toBeNull();
  });
});

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../../domain/constants';
import { parseAccountIdentifier } from '../../../domain/rules/account-identifier';
import { addMember } from '../../../server/provisioning';
import { createRepositories } from '../../../server/repositories';
import { CLI_OPERATOR } from '../../../server/core/operator';
import { saveSecondaryVerificationMode } from '../../../server/services/secondary-verification-service';
import { signIn as signInService } from '../../../server/services/sign-in-service';
import { runTrialCommand } from '../../../server/commands/trial-command';
import {
  createTestApp,
  createTestOrganization,
  signIn,
  TEST_PASSWORD,
  type TestApp,
} from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

const TRIAL_MS = 7 * DAY_MS;

/** The cookie header a browser would send back after these answers (later ones win). */
function cookieJar(...responses: LightMyRequestResponse[]): string {
  const jar = new Map<string, string>();
  for (const response of responses) for (const cookie of response.cookies) jar.set(cookie.name, cookie.value);
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

describe.each(engines())('members of a trial organisation after its trial on %s', (engine) => {
  let t: TestApp;
  const outbox: string[] = [];
  let applications = 0;
  let ipCount = 0;
  const freshIp = () => `192.0.2.${(ipCount += 1)}`;

  /**
   * An approved trial application, as the operator approves it: the organisation, its administrator's
   * mobile number and one-time password, and the application's id (for trial:extend).
   */
  async function approvedTrial() {
    applications += 1;
    const mobile = `1371111${String(applications).padStart(4, '0')}`;
    const row = await t.database.db
      .insertInto('trial_applications')
      .values({
        name: `Trial ${applications}`,
        mobile,
        email: `expiry${applications}@example.test`,
        company: `Expiry Co ${applications}`,
        industry: 'pharmaceutical',
        product: 'ELN',
        message: '',
        language: 'en-US',
        status: 'pending',
        created_at: t.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    const lines = await runTrialCommand(
      t.database.db,
      'trial:approve',
      { id: String(id) },
      t.clock.now(),
      TRIAL_MS,
    );
    const orgId = Number(/organisation (\d+) created/.exec(lines[0])![1]);
    const password = /password: (\S+)/.exec(lines[2])![1];
    return { id, orgId, mobile, password };
  }
  const extend = (id: number, days: number) =>
    runTrialCommand(t.database.db, 'trial:extend', { id: String(id), days: String(days) }, t.clock.now());
  const current = (cookie: string, language = 'en-US') =>
    t.app.inject({
      method: 'GET',
      url: '/api/account/current',
      headers: { cookie, 'accept-language': language },
    });
  const passwordSignIn = (account: string, password: string, language = 'en-US') =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/loginV2',
      remoteAddress: freshIp(),
      headers: { ...t.signed(), 'accept-language': language },
      payload: { account, password, agreed: true },
    });
  const lastLog = () =>
    t.database.db
      .selectFrom('login_logs')
      .select(['account', 'success', 'reason', 'org_id'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { devOutbox: (line) => outbox.push(line) });
    await createTestOrganization(t, 'Plain Lab', { admin: { account: 'admin@plain.test' } });
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.advance(2 * HOUR_MS));

  describe('POST /api/account/loginV2', () => {
    it("signs the administrator in with the password while the trial runs, and refuses it once it is over, in the caller's language", async () => {
      const trial = await approvedTrial();
      expect((await passwordSignIn(trial.mobile, trial.password)).statusCode).toBe(200);

      t.clock.advance(TRIAL_MS);
      const english = await passwordSignIn(trial.mobile, trial.password);
      expect(english.statusCode).toBe(403);
      expect(english.json()).toMatchObject({
        error: { key: 'errors.login.trialExpired' },
        message: expect.stringMatching(/exceeded the trial period, please contact customer service/),
      });
      expect(english.cookies.find((cookie) => cookie.name === 'uc_session')).toBeUndefined();
      expect(await lastLog()).toMatchObject({
        account: trial.mobile,
        success: 0,
        reason: 'errors.login.trialExpired',
        org_id: trial.orgId,
      });

      const chinese = await passwordSignIn(trial.mobile, trial.password, 'zh-CN');
      expect(chinese.statusCode).toBe(403);
      expect(chinese.json().message).toBe('您的账号已超过试用期，请联系客服开通授权');
    });

    it('answers a wrong password as before, so a guesser learns nothing of the trial', async () => {
      const trial = await approvedTrial();
      t.clock.advance(TRIAL_MS + HOUR_MS);
      const response = await passwordSignIn(trial.mobile, 'Not-the-password-1');
      expect(response.statusCode).toBe(401);
      expect(response.json().error.key).toBe('errors.login.wrongCredentials');
    });

    it('lets the members back in once customer service reopens the trial (trial:extend)', async () => {
      const trial = await approvedTrial();
      const member = `member${applications}@expiry.test`;
      await addMember(
        t.database.db,
        trial.orgId,
        { realName: 'Chemist', account: member, password: TEST_PASSWORD },
        t.clock.now(),
      );
      t.clock.advance(TRIAL_MS);
      expect((await passwordSignIn(member, TEST_PASSWORD)).statusCode).toBe(403);
      expect((await passwordSignIn(trial.mobile, trial.password)).statusCode).toBe(403);

      await extend(trial.id, 3);
      const back = await passwordSignIn(member, TEST_PASSWORD);
      expect(back.statusCode).toBe(200);
      expect(back.json().data.AccountInfo.Account).toBe(member);
      expect((await passwordSignIn(trial.mobile, trial.password)).statusCode).toBe(200);

      // trial:extend with 0 days ends it at once.
      await extend(trial.id, 0);
      expect((await passwordSignIn(member, TEST_PASSWORD)).json().error.key).toBe(
        'errors.login.trialExpired',
      );
    });

    it('leaves organisations that are not trials alone', async () => {
      t.clock.advance(30 * DAY_MS);
      const { response } = await signIn(t, 'admin@plain.test', TEST_PASSWORD, {}, { ip: freshIp() });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('sessions that were live when the trial ended', () => {
    it('end on their next request with the trial-expired message, and stay ended after trial:extend', async () => {
      const trial = await approvedTrial();
      const signedIn = await passwordSignIn(trial.mobile, trial.password);
      const cookie = cookieJar(signedIn);
      expect((await current(cookie)).statusCode).toBe(200);

      // Customer service ends the trial now (0 days), while the session is live.
      await extend(trial.id, 0);
      t.clock.advance(1000);
      const ended = await current(cookie, 'zh-CN');
      expect(ended.statusCode).toBe(401);
      expect(ended.json()).toMatchObject({
        error: { key: 'errors.login.trialExpired' },
        message: '您的账号已超过试用期，请联系客服开通授权',
      });
      // The browser is told to forget the session cookie ...
      expect(ended.cookies.find((c) => c.name === 'uc_session')).toMatchObject({ value: '' });
      // ... and the server has ended the session: reopening the trial does not bring it back.
      await extend(trial.id, 5);
      const again = await current(cookie);
      expect(again.statusCode).toBe(401);
      expect(again.json().error.key).toBe('errors.auth.required');
    });

    it("leave another organisation's sessions alone", async () => {
      const trial = await approvedTrial();
      const { cookie } = await signIn(t, 'admin@plain.test', TEST_PASSWORD, {}, { ip: freshIp() });
      await extend(trial.id, 0);
      t.clock.advance(1000);
      expect((await passwordSignIn(trial.mobile, trial.password)).statusCode).toBe(403);
      expect((await current(cookie)).statusCode).toBe(200);
    });
  });

  describe('every other way in', () => {
    it('starts no session from a security verification code typed after the trial ended', async () => {
      const trial = await approvedTrial();
      const member = `verify${applications}@expiry.test`;
      await addMember(
        t.database.db,
        trial.orgId,
        { realName: 'Verifier', account: member, password: TEST_PASSWORD },
        t.clock.now(),
      );
      await saveSecondaryVerificationMode(
        { db: t.database.db, orgId: trial.orgId, operator: CLI_OPERATOR, now: t.clock.now() },
        'always',
      );
      const ip = freshIp();
      const post = (url: string, payload: object, cookie = '') =>
        t.app.inject({
          method: 'POST',
          url,
          remoteAddress: ip,
          headers: { ...t.signed(), ...(cookie ? { cookie } : {}) },
          payload,
        });
      const password = await post('/api/account/loginV2', {
        account: member,
        password: TEST_PASSWORD,
        agreed: true,
      });
      const token: string = password.json().data.SecondaryVerify.Token;
      expect(
        (await post('/api/Account/Login/SecondaryVerify/SendCode', { Token: token, CodeType: 2 })).statusCode,
      ).toBe(200);
      const line = outbox.findLast((entry) => entry.endsWith(` for ${member}`)) ?? '';
      const code = /code (\d{6}) for/.exec(line)![1];

      // The trial ends while the code is on its way.
      await extend(trial.id, 0);
      t.clock.advance(1000);
      const finished = await post(
        '/api/Account/Login/Secondary',
        { Token: token, VerificationCode: code },
        cookieJar(password),
      );
      expect(finished.statusCode).toBe(403);
      expect(finished.json().error.key).toBe('errors.login.trialExpired');
      expect(finished.cookies.find((cookie) => cookie.name === 'uc_session')).toBeUndefined();
    });

    it("refuses a chat host's sign-in (no password, through the shared sign-in service) once the trial is over", async () => {
      const trial = await approvedTrial();
      const repos = createRepositories(t.database.db);
      const account = await repos.accounts.findByIdentifier(parseAccountIdentifier(trial.mobile));
      // What a host's verified identity hands the shared sign-in: the account, proved, no second factor.
      const hostSignIn = () =>
        signInService(
          { db: t.database.db, repos },
          { autoLogin: false, ip: freshIp(), userAgent: 'DingTalk', loginClient: 'dingtalk' },
          t.clock.now(),
          {
            name: trial.mobile,
            secondFactor: false,
            check: async () => ({ account, verified: true }),
          },
        );
      await expect(hostSignIn()).resolves.toMatchObject({ account: { id: account!.id } });
      t.clock.advance(TRIAL_MS);
      await expect(hostSignIn()).rejects.toMatchObject({ statusCode: 403, key: 'errors.login.trialExpired' });
      expect(await lastLog()).toMatchObject({ success: 0, reason: 'errors.login.trialExpired' });
    });

    it('still refuses the trial sign-in with a code once it is over', async () => {
      const trial = await approvedTrial();
      t.clock.advance(TRIAL_MS);
      const ip = freshIp();
      await t.app.inject({
        method: 'POST',
        url: '/api/TemporaryUser/Trial/SendCode',
        remoteAddress: ip,
        headers: t.signed(),
        payload: { mobilePhone: trial.mobile },
      });
      const line = outbox.findLast((entry) => entry.endsWith(` for ${trial.mobile}`)) ?? '';
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/TemporaryUser/Trial/Login',
        remoteAddress: ip,
        headers: t.signed(),
        payload: {
          mobilePhone: trial.mobile,
          verificationCode: /code (\d{6}) for/.exec(line)![1],
          agreed: true,
        },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.key).toBe('errors.login.trialExpired');
    });
  });
});

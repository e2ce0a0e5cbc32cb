import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CODE_RESEND_MS,
  HOUR_MS,
  type SecondaryVerificationMode,
  SIGN_IN_CHALLENGE_TTL_MS,
} from '../../../domain/constants';
import { addMember } from '../../../server/provisioning';
import { createRepositories } from '../../../server/repositories';
import { hashPassword } from '../../../server/security/password-hasher';
import { CLI_OPERATOR } from '../../../server/core/operator';
import { saveSecondaryVerificationMode } from '../../../server/services/secondary-verification-service';
import { signIn as signInService } from '../../../server/services/sign-in-service';
import {
  createTestApp,
  createTestOrganization,
  signIn,
  type TestApp,
  TEST_PASSWORD,
} from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

const SEND = '/api/Account/Login/SecondaryVerify/SendCode';
const FINISH = '/api/Account/Login/Secondary';

/** The cookie header a browser would send back after these answers (later ones win). */
function cookieJar(...responses: LightMyRequestResponse[]): string {
  const jar = new Map<string, string>();
  for (const response of responses) for (const cookie of response.cookies) jar.set(cookie.name, cookie.value);
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

describe.each(engines())('security verification at sign-in on %s', (engine) => {
  let t: TestApp;
  let orgId: number;
  let otherOrgId: number;
  const outbox: string[] = [];
  let nextIp = 0;
  /** An address no other test has used, so the send limits of one test do not reach another. */
  const freshIp = () => `203.0.113.${(nextIp += 1)}`;

  const setMode = (mode: SecondaryVerificationMode, org = orgId) =>
    saveSecondaryVerificationMode(
      { db: t.database.db, orgId: org, operator: CLI_OPERATOR, now: t.clock.now() },
      mode,
    );
  const member = async (account: string, extra: { mustChangePassword?: boolean } = {}) => {
    await addMember(
      t.database.db,
      orgId,
      { realName: account, account, password: TEST_PASSWORD, ...extra },
      t.clock.now(),
    );
    return account;
  };
  const post = (url: string, payload: Record<string, unknown>, ip: string, cookie = '') =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: ip,
      headers: { ...t.signed(), ...(cookie ? { cookie } : {}) },
      payload,
    });
  /** The last code the development outbox "sent" to a recipient. */
  const codeFor = (recipient: string) => {
    const line = outbox.findLast((entry) => entry.endsWith(` for ${recipient}`));
    return /^dev outbox: code (\d{6}) for /.exec(line ?? '')?.[1] ?? '';
  };
  /** A password sign-in that must answer a challenge; returns its token and the answer. */
  const challenge = async (account: string, ip: string, extra: Record<string, unknown> = {}, cookie = '') => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/loginV2',
      remoteAddress: ip,
      headers: { ...t.signed(), ...(cookie ? { cookie } : {}) },
      payload: { account, password: TEST_PASSWORD, agreed: true, ...extra },
    });
    expect(response.statusCode).toBe(200);
    return { token: response.json().data.SecondaryVerify?.Token as string, response };
  };
  /** Asks for the code by email (codeType 2) and reads it from the outbox. */
  const emailCode = async (token: string, ip: string, recipient: string) => {
    const sent = await post(SEND, { Token: token, CodeType: 2 }, ip);
    expect(sent.statusCode).toBe(200);
    return codeFor(recipient);
  };

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { devOutbox: (line) => outbox.push(line) });
    orgId = (
      await createTestOrganization(t, 'Verify Lab', {
        admin: { account: 'admin@verify.test' },
        members: [{ realName: 'Chemist', account: 'chemist@verify.test' }],
      })
    ).orgId;
    otherOrgId = (await createTestOrganization(t, 'Open Lab', { admin: { account: 'admin@open.test' } }))
      .orgId;
  });
  afterAll(() => t.close());

  it('signs in at once while the organisation has it off', async () => {
    const { response, cookie } = await signIn(t, 'chemist@verify.test', TEST_PASSWORD, {}, { ip: freshIp() });
    expect(response.statusCode).toBe(200);
    expect(cookie).not.toBe('');
  });

  it('answers a right password with a challenge and no session when it is always on', async () => {
    await setMode('always');
    const ip = freshIp();
    const { token, response } = await challenge('chemist@verify.test', ip);
    expect(response.json().data).toEqual({
      SecondaryVerify: {
        Token: expect.stringMatching(/^[\w-]{43}$/),
        ExpiresAt: t.clock.now() + SIGN_IN_CHALLENGE_TTL_MS,
        Channels: [{ CodeType: 2, Masked: 'ch****@verify.test' }],
      },
    });
    expect(response.cookies.map((cookie) => cookie.name)).toEqual(['uc_device']);
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/account/current',
      headers: { cookie: cookieJar(response) },
    });
    expect(current.statusCode).toBe(401);
    // Only the token's hash is kept.
    const stored = await t.database.db.selectFrom('sign_in_challenges').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).toContain(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('finishes the sign-in with the emailed code exactly like a password sign-in, auto-login and all', async () => {
    const account = await member('auto@verify.test');
    const ip = freshIp();
    const { token, response } = await challenge(account, ip, { autoLogin: true, productType: 'ELN' });
    const code = await emailCode(token, ip, account);
    const finished = await post(FINISH, { Token: token, VerificationCode: code }, ip, cookieJar(response));
    expect(finished.statusCode).toBe(200);
    expect(finished.json().data).toMatchObject({ autoLogin: true, AccountInfo: { Account: account } });
    const session = finished.cookies.find((cookie) => cookie.name === 'uc_session')!;
    expect(session).toMatchObject({ httpOnly: true, maxAge: 86400 });
    // The same device cookie the password step set.
    const device = response.cookies.find((cookie) => cookie.name === 'uc_device')!;
    expect(finished.cookies.find((cookie) => cookie.name === 'uc_device')?.value).toBe(device.value);
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/account/current',
      headers: { cookie: cookieJar(response, finished) },
    });
    expect(current.json().data.AccountInfo.Account).toBe(account);
    const logged = await t.database.db
      .selectFrom('login_logs')
      .select(['success', 'product', 'reason'])
      .where('account', '=', account)
      .execute();
    expect(logged).toEqual([{ success: 1, product: 'ELN', reason: null }]);
  });

  it('records the terms agreement when the code finishes the sign-in, not before', async () => {
    await setMode('always');
    const account = await member('terms@verify.test');
    const ip = freshIp();
    const version = (await t.app.inject({ method: 'GET', url: '/api/config' })).json().data
      .termsVersion as string;
    const agreements = () =>
      t.database.db
        .selectFrom('terms_agreements as agreement')
        .innerJoin('accounts', 'accounts.id', 'agreement.account_id')
        .select(['agreement.terms_version', 'agreement.agreed_at'])
        .where('accounts.email', '=', account)
        .execute();
    const { token, response } = await challenge(account, ip);
    expect(await agreements()).toEqual([]);
    const code = await emailCode(token, ip, account);
    const finished = await post(FINISH, { Token: token, VerificationCode: code }, ip, cookieJar(response));
    expect(finished.statusCode).toBe(200);
    expect(await agreements()).toEqual([{ terms_version: version, agreed_at: t.clock.now() }]);
  });

  it('makes the language picked on the login page, sent with the code, the account’s', async () => {
    await setMode('always');
    const account = await member('english@verify.test');
    const ip = freshIp();
    const { token, response } = await challenge(account, ip);
    const code = await emailCode(token, ip, account);
    const finished = await post(
      FINISH,
      { Token: token, VerificationCode: code, Lang: 'en-US' },
      ip,
      cookieJar(response),
    );
    expect(finished.json().data).toMatchObject({ Lang: 'en-US', LangChosen: true });
    const stored = await t.database.db
      .selectFrom('accounts')
      .select(['lang', 'lang_chosen'])
      .where('email', '=', account)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ lang: 'en-US', lang_chosen: 1 });
  });

  it('refuses the challenge replayed after use', async () => {
    const account = await member('replay@verify.test');
    const ip = freshIp();
    const { token } = await challenge(account, ip);
    const code = await emailCode(token, ip, account);
    expect((await post(FINISH, { Token: token, VerificationCode: code }, ip)).statusCode).toBe(200);
    const replayed = await post(FINISH, { Token: token, VerificationCode: code }, ip);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error.key).toBe('errors.secondaryVerification.expired');
    expect(replayed.cookies).toEqual([]);
    expect((await post(SEND, { Token: token, CodeType: 2 }, ip)).json().error.key).toBe(
      'errors.secondaryVerification.expired',
    );
  });

  it('refuses a challenge after ten minutes', async () => {
    const account = await member('slow@verify.test');
    const ip = freshIp();
    const { token } = await challenge(account, ip);
    const code = await emailCode(token, ip, account);
    t.clock.advance(SIGN_IN_CHALLENGE_TTL_MS);
    const late = await post(FINISH, { Token: token, VerificationCode: code }, ip);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.key).toBe('errors.secondaryVerification.expired');
  });

  it('answers the challenge from another address as if it were none, and changes nothing', async () => {
    const account = await member('roaming@verify.test');
    const [home, elsewhere] = [freshIp(), freshIp()];
    const { token } = await challenge(account, home);
    const foreignSend = await post(SEND, { Token: token, CodeType: 2 }, elsewhere);
    expect(foreignSend.json().error.key).toBe('errors.secondaryVerification.expired');
    expect(codeFor(account)).toBe('');
    const code = await emailCode(token, home, account);
    for (let i = 0; i < 6; i += 1) {
      const foreign = await post(FINISH, { Token: token, VerificationCode: code }, elsewhere);
      expect(foreign.json().error.key).toBe('errors.secondaryVerification.expired');
    }
    expect((await post(FINISH, { Token: token, VerificationCode: code }, home)).statusCode).toBe(200);
  });

  it('kills the challenge at the fifth wrong code, so the right one no longer works', async () => {
    const account = await member('guessed@verify.test');
    const ip = freshIp();
    const { token } = await challenge(account, ip);
    const code = await emailCode(token, ip, account);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const answers = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push((await post(FINISH, { Token: token, VerificationCode: wrong }, ip)).json().error.key);
    }
    expect(answers).toEqual([
      ...Array(4).fill('errors.verification.codeWrong'),
      'errors.secondaryVerification.tooManyTries',
    ]);
    const right = await post(FINISH, { Token: token, VerificationCode: code }, ip);
    expect(right.statusCode).toBe(400);
    expect(right.json().error.key).toBe('errors.secondaryVerification.expired');
    expect(right.cookies).toEqual([]);
    const logged = await t.database.db
      .selectFrom('login_logs')
      .select(['success', 'reason'])
      .where('account', '=', account)
      .execute();
    expect(logged).toEqual([{ success: 0, reason: 'errors.secondaryVerification.tooManyTries' }]);
  });

  it('counts guesses sent at once against the same five tries', async () => {
    const account = await member('parallel@verify.test');
    const ip = freshIp();
    const { token } = await challenge(account, ip);
    const code = await emailCode(token, ip, account);
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    await Promise.all(
      Array.from({ length: 8 }, () => post(FINISH, { Token: token, VerificationCode: wrong }, ip)),
    );
    expect((await post(FINISH, { Token: token, VerificationCode: code }, ip)).statusCode).toBe(400);
  });

  it('still sends a session that must change its password to /modifyPsw after the code', async () => {
    const account = await member('initial@verify.test', { mustChangePassword: true });
    const ip = freshIp();
    const { token } = await challenge(account, ip);
    const finished = await post(
      FINISH,
      { Token: token, VerificationCode: await emailCode(token, ip, account) },
      ip,
    );
    expect(finished.json().data.PwdInfo).toEqual({ MustChange: true, Reason: 'initial' });
    const menus = await t.app.inject({
      method: 'GET',
      url: '/api/Menu/user/tree',
      headers: { ...t.signed(), cookie: cookieJar(finished) },
    });
    expect(menus.statusCode).toBe(403);
    expect(menus.json().error.key).toBe('errors.password.changeRequired');
  });

  it('gives a wrong password and an unknown name the same answer as when it is off', async () => {
    const ip = freshIp();
    const wrong = await signIn(t, 'chemist@verify.test', 'not-it', {}, { ip });
    const unknown = await signIn(t, 'nobody@verify.test', 'not-it', {}, { ip });
    expect(wrong.response.statusCode).toBe(401);
    expect(wrong.response.json()).toEqual(unknown.response.json());
    expect(wrong.response.json().error).toEqual({ key: 'errors.login.wrongCredentials' });
  });

  it('in new-device mode asks for a code only from a device or address the account has not signed in from', async () => {
    await setMode('new-device');
    const account = await member('traveller@verify.test');
    const [office, cafe] = [freshIp(), freshIp()];
    const first = await challenge(account, office);
    expect(first.token).toBeDefined();
    const finished = await post(
      FINISH,
      { Token: first.token, VerificationCode: await emailCode(first.token, office, account) },
      office,
      cookieJar(first.response),
    );
    expect(finished.statusCode).toBe(200);
    const device = cookieJar(finished)
      .split('; ')
      .find((cookie) => cookie.startsWith('uc_device='))!;

    const again = await challenge(account, office, {}, device);
    expect(again.response.json().data.AccountInfo?.Account).toBe(account);
    expect((await challenge(account, cafe, {}, device)).token).toBeDefined();
    expect((await challenge(account, office)).token).toBeDefined();
    expect((await challenge(account, office, {}, 'uc_device=made-up')).token).toBeDefined();
    await setMode('always');
  });

  it('offers phone and email to an account with both, and sends by the one chosen', async () => {
    await createRepositories(t.database.db).accounts.insert({
      org_id: orgId,
      dept_id: null,
      real_name: 'Both Ways',
      mobile: '13912345678',
      email: 'both@verify.test',
      password_hash: await hashPassword(TEST_PASSWORD),
      status: 'active',
      is_org_admin: 0,
      login_type: 0,
      lang: 'en-US',
      ui_version: 'NEW',
      photo: '',
      must_change_password: 0,
      password_changed_at: t.clock.now(),
      is_home_guided: 0,
      is_personal_center_guided: 0,
      created_at: t.clock.now(),
      last_login_at: null,
      removed_at: null,
    });
    const ip = freshIp();
    const { token, response } = await challenge('13912345678', ip);
    expect(response.json().data.SecondaryVerify.Channels).toEqual([
      { CodeType: 1, Masked: '139****5678' },
      { CodeType: 2, Masked: 'bo****@verify.test' },
    ]);
    const sent = await t.app.inject({
      method: 'POST',
      url: SEND.toLowerCase(),
      remoteAddress: ip,
      headers: { ...t.signed(), 'accept-language': 'en-US' },
      payload: { Token: token, CodeType: 1 },
    });
    expect(sent.json().message).toBe('A code was sent to 139****5678. It is valid for 10 minutes.');
    const code = codeFor('13912345678');
    expect(code).toMatch(/^\d{6}$/);
    // One code a minute, as for every verification code.
    expect((await post(SEND, { Token: token, CodeType: 1 }, ip)).statusCode).toBe(429);
    t.clock.advance(CODE_RESEND_MS);
    expect((await post(FINISH.toUpperCase(), { Token: token, VerificationCode: code }, ip)).statusCode).toBe(
      200,
    );
  });

  it('refuses a channel the account does not have and sends nothing', async () => {
    const account = await member('mailonly@verify.test');
    const ip = freshIp();
    const { token } = await challenge(account, ip);
    const byPhone = await post(SEND, { Token: token, CodeType: 1 }, ip);
    expect(byPhone.statusCode).toBe(400);
    expect(byPhone.json().error.key).toBe('errors.secondaryVerification.channelUnavailable');
    expect(codeFor(account)).toBe('');
  });

  it('refuses a code before one was asked for, and a malformed one', async () => {
    const account = await member('eager@verify.test');
    const ip = freshIp();
    const { token } = await challenge(account, ip);
    expect((await post(FINISH, { Token: token, VerificationCode: '123456' }, ip)).json().error.key).toBe(
      'errors.verification.codeExpired',
    );
    expect((await post(FINISH, { Token: token, VerificationCode: '12ab' }, ip)).json().error.key).toBe(
      'errors.verification.codeFormat',
    );
  });

  it("lets a chat host's sign-in through without a code, and refuses an account with nowhere to send one", async () => {
    const repos = createRepositories(t.database.db);
    const id = await repos.accounts.insert({
      org_id: orgId,
      dept_id: null,
      real_name: 'No Contact',
      mobile: null,
      email: null,
      password_hash: '',
      status: 'active',
      is_org_admin: 0,
      login_type: 1,
      lang: 'zh-CN',
      ui_version: 'NEW',
      photo: '',
      must_change_password: 0,
      password_changed_at: t.clock.now(),
      is_home_guided: 0,
      is_personal_center_guided: 0,
      created_at: t.clock.now(),
      last_login_at: null,
      removed_at: null,
    });
    const account = (await repos.accounts.findWithOrganization(orgId, id))!;
    const deps = { db: t.database.db, repos, codeChannels: { sms: true, email: true } };
    const attempt = { autoLogin: false, ip: freshIp(), userAgent: 'test' };
    const check = async () => ({ account, verified: true });
    const host = await signInService(deps, attempt, t.clock.now(), {
      name: 'dingtalk:1:u1',
      secondFactor: false,
      check,
    });
    expect(host.token).toMatch(/^[\w-]{43}$/);
    await expect(
      signInService(deps, attempt, t.clock.now(), { name: 'ldap:1:nobody', secondFactor: true, check }),
    ).rejects.toMatchObject({ statusCode: 403, key: 'errors.secondaryVerification.noContact' });
  });

  it("leaves other organisations' members alone", async () => {
    const { response } = await signIn(t, 'admin@open.test', TEST_PASSWORD, {}, { ip: freshIp() });
    expect(response.json().data.AccountInfo.Account).toBe('admin@open.test');
    expect(response.json().data.OrgID).toBe(otherOrgId);
  });

  describe('GET and PUT /api/organizationConfig/secondaryVerification', () => {
    const adminCookie = async () => {
      await setMode('off');
      return (await signIn(t, 'admin@verify.test', TEST_PASSWORD, {}, { ip: freshIp() })).cookie;
    };

    it('lets an administrator read and set the mode, with an operation-log row', async () => {
      const cookie = await adminCookie();
      t.clock.advance(HOUR_MS);
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/organizationConfig/secondaryVerification',
        headers: { ...t.signed(), cookie },
        payload: { mode: 'new-device' },
      });
      expect(put.json()).toEqual({
        code: 100,
        message: '',
        data: { mode: 'new-device', updatedAt: t.clock.now() },
      });
      const get = await t.app.inject({
        method: 'GET',
        url: '/api/organizationConfig/secondaryVerification',
        headers: { cookie },
      });
      expect(get.json().data).toEqual({ mode: 'new-device', updatedAt: t.clock.now() });
      const log = await t.database.db
        .selectFrom('operation_logs')
        .select(['operator_name', 'module', 'content'])
        .where('org_id', '=', orgId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(log).toEqual({
        operator_name: 'Verify Lab Admin',
        module: 'systemSetting',
        content: 'Set the security verification at sign-in: on a new device or address',
      });
      await setMode('off');
    });

    it('answers off for an organisation that never set it, and refuses a bad mode and a member', async () => {
      const admin = (await signIn(t, 'admin@open.test', TEST_PASSWORD, {}, { ip: freshIp() })).cookie;
      const fresh = await t.app.inject({
        method: 'GET',
        url: '/api/organizationConfig/secondaryVerification',
        headers: { cookie: admin },
      });
      expect(fresh.json().data).toEqual({ mode: 'off', updatedAt: null });
      const bad = await t.app.inject({
        method: 'PUT',
        url: '/api/organizationConfig/secondaryVerification',
        headers: { ...t.signed(), cookie: admin },
        payload: { mode: 'sometimes' },
      });
      expect(bad.statusCode).toBe(400);
      const memberCookie = (await signIn(t, 'chemist@verify.test', TEST_PASSWORD, {}, { ip: freshIp() }))
        .cookie;
      const refused = await t.app.inject({
        method: 'PUT',
        url: '/api/organizationConfig/secondaryVerification',
        headers: { ...t.signed(), cookie: memberCookie },
        payload: { mode: 'off' },
      });
      expect(refused.statusCode).toBe(403);
    });
  });
});

describe.each(engines())('security verification without a way to reach the account on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // SMS only: an account with only an email has nowhere to get a code.
    t = await createTestApp(engine, { SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms' });
    const { orgId } = await createTestOrganization(t, 'Phone Lab', {
      admin: { account: 'admin@phone.test' },
      members: [{ realName: 'Mail Only', account: 'mail@phone.test' }],
    });
    await saveSecondaryVerificationMode(
      { db: t.database.db, orgId, operator: CLI_OPERATOR, now: t.clock.now() },
      'always',
    );
  });
  afterAll(() => t.close());

  it('refuses the sign-in with a message to contact the administrator, instead of skipping the code', async () => {
    const { response, cookie } = await signIn(t, 'mail@phone.test');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      error: { key: 'errors.secondaryVerification.noContact' },
      message: '您的账号未绑定手机号或邮箱，无法完成登录安全验证，请联系管理员',
    });
    expect(cookie).toBe('');
  });
});

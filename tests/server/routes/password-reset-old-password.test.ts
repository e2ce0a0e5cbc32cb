import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_LOCK_FAILURES, HOUR_MS, IP_FAILURE_LIMIT } from '../../../domain/constants';
import {
  answeredCaptcha,
  createTestApp,
  createTestOrganization,
  signIn,
  type TestApp,
  TEST_PASSWORD,
} from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

const CAPTCHA = 'ACDE';
const NEW_PASSWORD = 'Fresh#Reset2026-kestrel';
const WRONG = {
  code: 401,
  message: 'Account or password input wrong, please re-enter',
  error: { key: 'errors.login.wrongCredentials' },
};

/**
 * The reset wizard's old-password way (SPEC §3): the account and its current password, with the image
 * captcha, give the same single-use reset token as a verified code, under sign-in's protections.
 */
describe.each(engines())('password reset by old password on %s', (engine) => {
  let t: TestApp;
  let ipCount = 0;
  let acme: number;
  /** A new client address, so one case's failures do not count against another's. */
  const freshIp = () => `198.51.100.${(ipCount += 1)}`;

  /** Step 1 of the old-password way from `ip`, with a freshly solved captcha. */
  async function verifyOld(
    account: string,
    oldPassword: string,
    { ip = freshIp(), captcha = CAPTCHA }: { ip?: string; captcha?: string } = {},
  ) {
    const image = await t.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress: ip });
    return t.app.inject({
      method: 'POST',
      url: '/api/Account/ModifyPassword/VerifyOldPassword',
      headers: { ...t.signed(), 'accept-language': 'en-US' },
      remoteAddress: ip,
      payload: {
        Account: account,
        OldPassword: oldPassword,
        captchaId: image.json().data.CaptchaId,
        validCode: captcha,
      },
    });
  }

  function reset(token: string, newPassword = NEW_PASSWORD, confirmPassword = newPassword) {
    return t.app.inject({
      method: 'PUT',
      url: '/api/account/password/reset',
      headers: { ...t.signed(), 'accept-language': 'en-US' },
      payload: { token, newPassword, confirmPassword },
    });
  }

  const failureCount = async (key: string) =>
    Number(
      (
        await t.database.db
          .selectFrom('auth_failures')
          .select('count')
          .where('key', '=', key)
          .executeTakeFirst()
      )?.count ?? 0,
    );

  const accountRow = (email: string) =>
    t.database.db
      .selectFrom('accounts')
      .select(['id', 'status', 'password_hash'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { captchaText: () => CAPTCHA });
    ({ orgId: acme } = await createTestOrganization(t, 'Acme Lab', {
      admin: { account: 'admin@acme.test' },
      members: [
        { realName: 'Chemist', account: 'chemist@acme.test' },
        { realName: 'Analyst', account: '13900000001' },
        { realName: 'Locker', account: 'locker@acme.test' },
        { realName: 'Mixed', account: 'mixed@acme.test' },
        { realName: 'Same', account: 'same@acme.test' },
        { realName: 'Domain', account: 'domain@acme.test' },
      ],
    }));
    await createTestOrganization(t, 'Sso Lab', {
      admin: { account: 'admin@sso.test' },
      members: [{ realName: 'Sso Member', account: 'member@sso.test' }],
    });
  });
  afterAll(() => t.close());
  // Each case starts after the failure window of the one before.
  beforeEach(() => t.clock.advance(2 * HOUR_MS));

  it('answers a single-use reset token for the right old password; the new password ends every session and is logged', async () => {
    const { cookie } = await signIn(t, 'chemist@acme.test');
    expect(cookie).not.toBe('');
    const verified = await verifyOld('Chemist@Acme.test', TEST_PASSWORD);
    expect(verified.statusCode).toBe(200);
    const { ResetToken, ExpiresAt, PwdRules } = verified.json().data;
    expect(ResetToken).toMatch(/^[\w-]{43}$/);
    expect(ExpiresAt).toBeGreaterThan(t.clock.now());
    expect(PwdRules).toMatchObject({ MinLength: 15 });
    const stored = await t.database.db.selectFrom('reset_tokens').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(ResetToken);
    expect(stored.at(-1)).toMatchObject({ channel: 'password' });

    expect((await reset(ResetToken)).statusCode).toBe(200);
    const current = await t.app.inject({ method: 'GET', url: '/api/account/current', headers: { cookie } });
    expect(current.statusCode).toBe(401);
    const log = await t.database.db
      .selectFrom('operation_logs')
      .select(['content', 'org_id'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(Number(log.org_id)).toBe(acme);
    expect(log.content).toBe(
      'Reset the password of account chemist@acme.test after verifying the old password',
    );
    expect((await reset(ResetToken, 'Another#Reset2026-osprey')).json().error.key).toBe(
      'errors.reset.tokenInvalid',
    );
    expect((await signIn(t, 'chemist@acme.test', NEW_PASSWORD)).response.statusCode).toBe(200);
    expect((await verifyOld('chemist@acme.test', TEST_PASSWORD)).json()).toEqual(WRONG);
  });

  it('works with a mobile number as the account', async () => {
    expect((await verifyOld('13900000001', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("refuses a new password equal to the old one ('Must be different with old password') and keeps the token for another", async () => {
    const { ResetToken } = (await verifyOld('same@acme.test', TEST_PASSWORD)).json().data;
    const same = await reset(ResetToken, TEST_PASSWORD);
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({
      message: 'Must be different with old password',
      error: { key: 'errors.password.sameAsOld' },
    });
    const mismatch = await reset(ResetToken, NEW_PASSWORD, `${NEW_PASSWORD}x`);
    expect(mismatch.json().error.key).toBe('errors.password.mismatch');
    expect((await reset(ResetToken)).statusCode).toBe(200);
  });

  it('answers an unknown account exactly as a wrong password, and counts both as sign-in failures', async () => {
    const ip = freshIp();
    const unknown = await verifyOld('ghost@acme.test', TEST_PASSWORD, { ip });
    const wrong = await verifyOld('chemist@acme.test', 'Not#The-Password-2026', { ip });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(WRONG);
    expect(wrong.json()).toEqual(WRONG);
    expect(await failureCount('account:ghost@acme.test')).toBe(1);
    expect(await failureCount('account:chemist@acme.test')).toBe(1);
    expect(await failureCount(`ip:${ip}`)).toBe(2);
    const logged = await t.database.db
      .selectFrom('login_logs')
      .select(['account', 'success', 'reason', 'login_client'])
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(logged).toEqual([
      {
        account: 'chemist@acme.test',
        success: 0,
        reason: 'errors.login.wrongCredentials',
        login_client: 'reset',
      },
      {
        account: 'ghost@acme.test',
        success: 0,
        reason: 'errors.login.wrongCredentials',
        login_client: 'reset',
      },
    ]);
  });

  it('locks the account with sign-in failures and its own together, and then refuses the right password', async () => {
    for (let i = 0; i < ACCOUNT_LOCK_FAILURES - 2; i += 1) {
      const failed = await signIn(t, 'mixed@acme.test', 'Not#The-Password-2026', {}, { ip: freshIp() });
      expect(failed.response.statusCode).toBe(401);
    }
    const nextToLast = await verifyOld('mixed@acme.test', 'Not#The-Password-2026');
    expect(nextToLast.json().error).toEqual({
      key: 'errors.login.wrongCredentialsRemaining',
      params: { remaining: 1 },
    });
    const last = await verifyOld('mixed@acme.test', 'Not#The-Password-2026');
    expect(last.statusCode).toBe(403);
    expect(last.json().error.key).toBe('errors.login.locked');
    expect((await accountRow('mixed@acme.test')).status).toBe('locked');
    const right = await verifyOld('mixed@acme.test', TEST_PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(right.json().error.key).toBe('errors.login.locked');
    // Sign-in says the same: one lock, whichever way the failures came.
    const ip = freshIp();
    const atSignIn = await signIn(
      t,
      'mixed@acme.test',
      TEST_PASSWORD,
      await answeredCaptcha(t, CAPTCHA, ip),
      {
        ip,
      },
    );
    expect(atSignIn.response.json().error.key).toBe('errors.login.locked');
  });

  it('a right password forgets the earlier failures of the name, as a sign-in does', async () => {
    await verifyOld('locker@acme.test', 'Not#The-Password-2026');
    expect(await failureCount('account:locker@acme.test')).toBe(1);
    expect((await verifyOld('locker@acme.test', TEST_PASSWORD)).statusCode).toBe(200);
    expect(await failureCount('account:locker@acme.test')).toBe(0);
  });

  it('refuses a wrong captcha without checking the password or counting a failure', async () => {
    const tokens = await t.database.db.selectFrom('reset_tokens').select('token_hash').execute();
    const failures = await failureCount('account:locker@acme.test');
    const response = await verifyOld('locker@acme.test', TEST_PASSWORD, { captcha: 'ZZZZ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.key).toMatch(/^errors\.captcha\./);
    expect(await failureCount('account:locker@acme.test')).toBe(failures);
    expect(await t.database.db.selectFrom('reset_tokens').select('token_hash').execute()).toHaveLength(
      tokens.length,
    );
  });

  it(`makes an address that failed ${IP_FAILURE_LIMIT} times wait, even with a right password`, async () => {
    const ip = freshIp();
    for (let i = 0; i < IP_FAILURE_LIMIT; i += 1) {
      expect((await verifyOld(`guess${i}@acme.test`, 'Not#The-Password-2026', { ip })).statusCode).toBe(401);
    }
    const throttled = await verifyOld('locker@acme.test', TEST_PASSWORD, { ip });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().error.key).toBe('errors.login.tooManyAttempts');
    expect((await verifyOld('locker@acme.test', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a member of an organisation that enforces SSO, only after a right password', async () => {
    const member = await t.database.db
      .selectFrom('accounts')
      .select('org_id')
      .where('email', '=', 'member@sso.test')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('org_sso_settings')
      .values({
        org_id: member.org_id,
        sso_type: 'cas',
        setting: '{}',
        client_secret: '',
        enabled: 1,
        setting_hash: '',
        break_glass_account_id: null,
        updated_at: t.clock.now(),
      })
      .execute();
    expect((await verifyOld('member@sso.test', 'Not#The-Password-2026')).json()).toEqual(WRONG);
    const refused = await verifyOld('member@sso.test', TEST_PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.key).toBe('errors.sso.passwordSignInDisabled');
    expect(
      await t.database.db
        .selectFrom('reset_tokens')
        .select('org_id')
        .where('org_id', '=', member.org_id)
        .execute(),
    ).toEqual([]);
  });

  it("answers a domain account's local password as a wrong one: the directory owns it", async () => {
    await t.database.db
      .updateTable('accounts')
      .set({ login_type: 1 })
      .where('email', '=', 'domain@acme.test')
      .execute();
    expect((await verifyOld('domain@acme.test', TEST_PASSWORD)).json()).toEqual(WRONG);
  });

  it('refuses an account that is no mobile number or email, and a missing old password, changing nothing', async () => {
    const before = await failureCount('account:chemist');
    const notAnAccount = await verifyOld('chemist', TEST_PASSWORD);
    expect(notAnAccount.statusCode).toBe(400);
    expect(notAnAccount.json()).toMatchObject({
      message: 'Please enter a correct mobile number or email',
      error: { params: { field: 'Account' } },
    });
    const empty = await verifyOld('chemist@acme.test', '');
    expect(empty.json()).toMatchObject({
      message: 'Please enter the old password',
      error: { params: { field: 'OldPassword' } },
    });
    expect(await failureCount('account:chemist')).toBe(before);
  });
});

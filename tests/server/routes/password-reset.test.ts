import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CODE_MAX_TRIES,
  CODE_RESEND_MS,
  CODE_SENDS_PER_ACCOUNT_HOUR,
  CODE_SENDS_PER_IP_HOUR,
  CODE_TTL_MS,
  HOUR_MS,
  RESET_TOKEN_TTL_MS,
  SECOND_MS,
} from '../../../domain/constants';
import { addMember } from '../../../server/provisioning';
import { createRepositories } from '../../../server/repositories';
import { resetAccountPassword } from '../../../server/services/account-recovery';
import { mailBodyText, startSmtpTestServer, type SmtpTestServer } from '../../helpers/smtp-test-server';
import {
  answeredCaptcha,
  createTestApp,
  createTestOrganization,
  signIn,
  type TestApp,
  TEST_PASSWORD,
} from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';
import { startWebhookTestServer, type WebhookTestServer } from '../../helpers/webhook-test-server';

const CAPTCHA = 'ACDE';
const TOO_FREQUENT = {
  code: 429,
  message: 'The operation is too frequent. Please try again later.',
  error: { key: 'errors.request.tooFrequent' },
};

describe.each(engines())('password reset: codes on %s', (engine) => {
  let t: TestApp;
  const outbox: string[] = [];
  let ipCount = 0;
  /** A new client address, so one case's sends do not count against another's. */
  const freshIp = () => `198.51.100.${(ipCount += 1)}`;

  /** Solves a new captcha from `ip` and asks for a reset code for `account`. */
  async function requestCode(account: string, options: { ip?: string; codeType?: 1 | 2 } = {}) {
    const ip = options.ip ?? freshIp();
    const captcha = await t.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress: ip });
    return t.app.inject({
      method: 'POST',
      url: '/api/Account/ModifyPassword/SendCode',
      headers: { ...t.signed(), 'accept-language': 'en-US' },
      remoteAddress: ip,
      payload: {
        account,
        codeType: options.codeType ?? (account.includes('@') ? 2 : 1),
        captchaId: captcha.json().data.CaptchaId,
        validCode: CAPTCHA,
      },
    });
  }

  /** The code the development outbox printed last for `recipient`. */
  function lastCode(recipient: string): string {
    const line = outbox.findLast((entry) => entry.endsWith(` for ${recipient}`));
    if (!line) throw new Error(`no code printed for ${recipient}`);
    return /^dev outbox: code (\d{6}) for /.exec(line)![1];
  }

  function verify(account: string, code: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/Account/Code/Verify',
      headers: { ...t.signed(), 'accept-language': 'en-US' },
      remoteAddress: freshIp(),
      payload: { Account: account, VerificationCode: code },
    });
  }

  const count = async (table: 'verification_codes' | 'reset_tokens') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      {},
      { devOutbox: (line) => outbox.push(line), captchaText: () => CAPTCHA },
    );
    await createTestOrganization(t, 'Acme Lab', {
      admin: { account: 'admin@acme.test' },
      members: [
        { realName: 'Chemist', account: 'chemist@acme.test' },
        { realName: 'Analyst', account: '13900000001' },
        { realName: 'Other', account: 'other@acme.test' },
      ],
    });
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.advance(2 * HOUR_MS));

  describe('POST /api/Account/ModifyPassword/SendCode', () => {
    it('prints the code of an email account to the development outbox, never in the answer', async () => {
      const response = await requestCode('Chemist@Acme.test');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        code: 100,
        message: 'If this account exists, a code has been sent to it. It is valid for 10 minutes.',
        data: null,
      });
      const code = lastCode('chemist@acme.test');
      expect(code).toMatch(/^\d{6}$/);
      expect(response.body).not.toContain(code);
      const row = await t.database.db
        .selectFrom('verification_codes')
        .selectAll()
        .where('recipient', '=', 'chemist@acme.test')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(code);
      expect(Number(row.expires_at)).toBe(t.clock.now() + CODE_TTL_MS);
    });

    it('sends to a mobile number with codeType 1', async () => {
      expect((await requestCode('13900000001', { codeType: 1 })).statusCode).toBe(200);
      expect(lastCode('13900000001')).toMatch(/^\d{6}$/);
    });

    it('answers an unknown account exactly as a known one, and delivers nothing', async () => {
      const printed = outbox.length;
      const codes = await count('verification_codes');
      const unknown = await requestCode('ghost@acme.test');
      const known = await requestCode('other@acme.test');
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.json()).toEqual(known.json());
      expect(outbox.slice(printed)).toEqual([expect.stringMatching(/ for other@acme\.test$/)]);
      // The same rows are written for both, so the work (and its time) does not tell them apart.
      expect(await count('verification_codes')).toBe(codes + 2);
    });

    it('refuses an account that does not fit the recovery way, with SPEC messages', async () => {
      const phone = await requestCode('chemist@acme.test', { codeType: 1 });
      expect(phone.statusCode).toBe(400);
      expect(phone.json()).toMatchObject({
        message: 'Wrong mobile number',
        error: { params: { field: 'account' } },
      });
      const email = await requestCode('13900000001', { codeType: 2 });
      expect(email.json().message).toBe('Wrong Email');
    });

    it('refuses over-long input without doing any work', async () => {
      const codes = await count('verification_codes');
      const response = await requestCode(`${'a'.repeat(10_000)}@acme.test`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        key: 'errors.login.accountTooLong',
        params: { field: 'account', max: 254 },
      });
      expect(await count('verification_codes')).toBe(codes);
    });

    it('waits 60 s before another code for the same account, and the first code still works meanwhile', async () => {
      expect((await requestCode('chemist@acme.test')).statusCode).toBe(200);
      const first = lastCode('chemist@acme.test');
      t.clock.advance(CODE_RESEND_MS - SECOND_MS);
      const printed = outbox.length;
      const early = await requestCode('chemist@acme.test');
      expect(early.statusCode).toBe(429);
      expect(early.json()).toEqual(TOO_FREQUENT);
      expect(outbox).toHaveLength(printed);
      expect((await verify('chemist@acme.test', first)).statusCode).toBe(200);
    });

    it('makes only the latest code work once a new one is sent after the wait', async () => {
      await requestCode('chemist@acme.test');
      const first = lastCode('chemist@acme.test');
      t.clock.advance(CODE_RESEND_MS);
      expect((await requestCode('chemist@acme.test')).statusCode).toBe(200);
      const second = lastCode('chemist@acme.test');
      if (first !== second) {
        expect((await verify('chemist@acme.test', first)).json().error.key).toBe(
          'errors.verification.codeWrong',
        );
      }
      expect((await verify('chemist@acme.test', second)).statusCode).toBe(200);
    });

    it(`stops at ${CODE_SENDS_PER_ACCOUNT_HOUR} codes an hour per account, known or not`, async () => {
      for (const account of ['other@acme.test', 'nobody@acme.test']) {
        for (let i = 0; i < CODE_SENDS_PER_ACCOUNT_HOUR; i += 1) {
          expect((await requestCode(account)).statusCode).toBe(200);
          t.clock.advance(CODE_RESEND_MS);
        }
        const refused = await requestCode(account);
        expect(refused.json()).toEqual(TOO_FREQUENT);
      }
      t.clock.advance(HOUR_MS);
      expect((await requestCode('other@acme.test')).statusCode).toBe(200);
    });

    it(`stops at ${CODE_SENDS_PER_IP_HOUR} codes an hour from one address`, async () => {
      const ip = '203.0.113.9';
      for (let i = 0; i < CODE_SENDS_PER_IP_HOUR; i += 1) {
        expect((await requestCode(`flood${i}@acme.test`, { ip })).statusCode).toBe(200);
      }
      const codes = await count('verification_codes');
      const refused = await requestCode('chemist@acme.test', { ip });
      expect(refused.json()).toEqual(TOO_FREQUENT);
      expect(await count('verification_codes')).toBe(codes);
      expect((await requestCode('chemist@acme.test')).statusCode).toBe(200);
    });
  });

  describe('POST /api/Account/Code/Verify', () => {
    it('answers a single-use reset token for the right code, stored only as a hash', async () => {
      await requestCode('chemist@acme.test');
      const code = lastCode('chemist@acme.test');
      const response = await verify('chemist@acme.test', code);
      expect(response.statusCode).toBe(200);
      const { ResetToken, ExpiresAt, PwdRules } = response.json().data;
      expect(ResetToken).toMatch(/^[\w-]{43}$/);
      expect(PwdRules).toMatchObject({ MinLength: 15, RequiredClasses: [], Expiry: 'never' });
      expect(ExpiresAt).toBeGreaterThan(t.clock.now());
      const rows = await t.database.db.selectFrom('reset_tokens').selectAll().execute();
      expect(JSON.stringify(rows)).not.toContain(ResetToken);

      const again = await verify('chemist@acme.test', code);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({
        message: 'The verification code is no longer valid. Please get a new one.',
        error: { key: 'errors.verification.codeExpired' },
      });
    });

    it(`kills a code after ${CODE_MAX_TRIES} wrong tries, so the right one no longer works`, async () => {
      await requestCode('other@acme.test');
      const code = lastCode('other@acme.test');
      const wrong = code === '000000' ? '000001' : '000000';
      const answers = [];
      for (let i = 0; i < CODE_MAX_TRIES; i += 1)
        answers.push((await verify('other@acme.test', wrong)).json());
      expect(answers.slice(0, -1).map((a) => a.message)).toEqual(
        Array(CODE_MAX_TRIES - 1).fill('Incorrect verification code'),
      );
      expect(answers.at(-1).error.key).toBe('errors.verification.codeTooManyTries');
      const tokens = await count('reset_tokens');
      const right = await verify('other@acme.test', code);
      expect(right.statusCode).toBe(400);
      expect(right.json().error.key).toBe('errors.verification.codeExpired');
      expect(await count('reset_tokens')).toBe(tokens);
    });

    it('counts parallel guesses against the same five tries', async () => {
      await requestCode('other@acme.test');
      const code = lastCode('other@acme.test');
      const guesses = Array.from({ length: 12 }, (_, i) =>
        String((Number(code) + i + 1) % 1_000_000).padStart(6, '0'),
      );
      const answers = await Promise.all(guesses.map((guess) => verify('other@acme.test', guess)));
      const keys = answers.map((answer) => answer.json().error.key);
      expect(keys.filter((key) => key !== 'errors.verification.codeExpired')).toHaveLength(CODE_MAX_TRIES);
      expect((await verify('other@acme.test', code)).json().error.key).toBe(
        'errors.verification.codeExpired',
      );
    });

    it('refuses a code past its 10 minutes', async () => {
      await requestCode('chemist@acme.test');
      const code = lastCode('chemist@acme.test');
      t.clock.advance(CODE_TTL_MS);
      expect((await verify('chemist@acme.test', code)).json().error.key).toBe(
        'errors.verification.codeExpired',
      );
    });

    it("refuses one account's code for another account, and leaves the first account's code working", async () => {
      await requestCode('chemist@acme.test');
      const code = lastCode('chemist@acme.test');
      const tokens = await count('reset_tokens');
      const stolen = await verify('other@acme.test', code);
      expect(stolen.statusCode).toBe(400);
      expect(await count('reset_tokens')).toBe(tokens);
      expect((await verify('chemist@acme.test', code)).statusCode).toBe(200);
    });

    it('answers an unknown account as a known one with a wrong code', async () => {
      await requestCode('ghost@acme.test');
      await requestCode('other@acme.test');
      const code = lastCode('other@acme.test');
      const guess = code === '123456' ? '654321' : '123456';
      const unknown = await verify('ghost@acme.test', guess);
      const known = await verify('other@acme.test', guess);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual(known.json());
      expect(unknown.json().message).toBe('Incorrect verification code');
      const neverSent = await verify('never-asked@acme.test', guess);
      const expired = await verify('chemist@acme.test', guess);
      expect(neverSent.json()).toEqual(expired.json());
    });

    it('refuses a code that is not six digits, and over-long input', async () => {
      const short = await verify('chemist@acme.test', '12345');
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({
        message: 'The verification code is 6 digits',
        error: { params: { field: 'VerificationCode' } },
      });
      const huge = await verify('x'.repeat(10_000), '1'.repeat(10_000));
      expect(huge.statusCode).toBe(400);
      const notAnAccount = await verify('chemist', '123456');
      expect(notAnAccount.json().error.key).toBe('errors.validation.invalidAccount');
    });
  });

  describe('PUT /api/account/password/reset', () => {
    const NEW_PASSWORD = 'Fresh#Reset2026-kestrel';

    /** A reset token for `account`, through the wizard's first step. */
    async function resetToken(account: string): Promise<string> {
      t.clock.advance(2 * HOUR_MS);
      await requestCode(account);
      const verified = await verify(account, lastCode(account));
      expect(verified.statusCode).toBe(200);
      return verified.json().data.ResetToken as string;
    }

    function reset(token: string, newPassword = NEW_PASSWORD, confirmPassword = newPassword) {
      return t.app.inject({
        method: 'PUT',
        url: '/api/account/password/reset',
        headers: { ...t.signed(), 'accept-language': 'en-US' },
        payload: { token, newPassword, confirmPassword },
      });
    }

    const accountRow = (email: string) =>
      t.database.db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

    it('sets the new password, ends every session, lifts the lock and the forced change, and logs it', async () => {
      const account = 'reset-me@acme.test';
      const org = await t.database.db.selectFrom('organizations').select('id').executeTakeFirstOrThrow();
      await addMember(
        t.database.db,
        Number(org.id),
        { realName: 'Reset Me', account, password: TEST_PASSWORD },
        t.clock.now(),
      );
      const { cookie } = await signIn(t, account);
      expect(cookie).not.toBe('');
      // An administrator's one-time password (must be changed), then five wrong passwords lock the account.
      const oneTime = await resetAccountPassword(
        t.database.db,
        await accountRow(account),
        { id: null, name: 'test' },
        t.clock.now(),
      );
      // From an address of its own, answering the image captcha the fourth and fifth tries need.
      const ip = '192.0.2.41';
      for (let i = 0; i < 5; i += 1) {
        await signIn(t, account, `wrong-${i}`, await answeredCaptcha(t, CAPTCHA, ip), { ip });
      }
      expect(await accountRow(account)).toMatchObject({ status: 'locked', must_change_password: 1 });

      const response = await reset(await resetToken(account));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ code: 100, data: null });

      expect(await accountRow(account)).toMatchObject({ status: 'active', must_change_password: 0 });
      const current = await t.app.inject({ method: 'GET', url: '/api/account/current', headers: { cookie } });
      expect(current.statusCode).toBe(401);
      expect((await signIn(t, account, oneTime)).response.statusCode).toBe(401);
      const fresh = await signIn(t, account, NEW_PASSWORD);
      expect(fresh.response.statusCode).toBe(200);
      expect(fresh.response.json().data.PwdInfo.MustChange).toBe(false);
      const log = await t.database.db
        .selectFrom('operation_logs')
        .selectAll()
        .where('content', 'like', '%reset-me@acme.test%')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(log).toMatchObject({ operator_name: 'Reset Me', module: 'account' });
      expect(log.content).toBe('Reset the password of account reset-me@acme.test with a code sent by email');
    });

    it('refuses a token replayed after use, and the password stays the one it set', async () => {
      const token = await resetToken('other@acme.test');
      expect((await reset(token, 'First#Choice2026')).statusCode).toBe(200);
      const replay = await reset(token, 'Second#Choice2026');
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toMatchObject({
        message: 'Your verification has expired. Please verify again.',
        error: { key: 'errors.reset.tokenInvalid' },
      });
      expect((await signIn(t, 'other@acme.test', 'Second#Choice2026')).response.statusCode).toBe(401);
      expect((await signIn(t, 'other@acme.test', 'First#Choice2026')).response.statusCode).toBe(200);
    });

    it('lets only one of two requests racing with the same token through', async () => {
      const token = await resetToken('13900000001');
      const answers = await Promise.all([
        reset(token, 'Race#One2026-kestrel'),
        reset(token, 'Race#Two2026-kestrel'),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    });

    it('keeps the token for another try when the confirmation differs or the policy refuses the password', async () => {
      const token = await resetToken('chemist@acme.test');
      const before = (await accountRow('chemist@acme.test')).password_hash;
      const mismatch = await reset(token, NEW_PASSWORD, `${NEW_PASSWORD}!`);
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json()).toMatchObject({
        message: 'Password inconsistent, type again',
        error: { key: 'errors.password.mismatch' },
      });
      const weak = await reset(token, 'short');
      expect(weak.statusCode).toBe(400);
      expect(weak.json().error.key).toBe('errors.password.tooShort');
      const guessable = await reset(token, '123456789012345');
      expect(guessable.json()).toMatchObject({
        message:
          'Does not meet minimum security requirements: this is too similar to a commonly used password',
        error: { key: 'errors.password.guessable.similarToCommon', params: { field: 'NewPassword' } },
      });
      const same = await reset(token, TEST_PASSWORD);
      expect(same.json()).toMatchObject({ message: 'Must be different with old password' });
      const huge = await reset(token, 'x'.repeat(10_240));
      expect(huge.statusCode).toBe(400);
      expect(huge.json().error).toMatchObject({ key: 'errors.password.tooLong', params: { max: 1024 } });
      expect((await accountRow('chemist@acme.test')).password_hash).toBe(before);
      expect((await reset(token)).statusCode).toBe(200);
    });

    it(`refuses a token after its ${RESET_TOKEN_TTL_MS / 60_000} minutes, and one it never gave out`, async () => {
      const token = await resetToken('admin@acme.test');
      t.clock.advance(RESET_TOKEN_TTL_MS);
      expect((await reset(token)).json().error.key).toBe('errors.reset.tokenInvalid');
      expect((await reset('made-up-token')).json().error.key).toBe('errors.reset.tokenInvalid');
      expect((await reset('t'.repeat(10_000))).statusCode).toBe(400);
      expect((await signIn(t, 'admin@acme.test')).response.statusCode).toBe(200);
    });
  });

  it('prunes codes, captchas, tokens and counters once they expire', async () => {
    await requestCode('chemist@acme.test');
    await verify('chemist@acme.test', lastCode('chemist@acme.test'));
    const repos = createRepositories(t.database.db);
    t.clock.advance(2 * HOUR_MS);
    const at = t.clock.now();
    await Promise.all([
      repos.captchas.purgeExpired(at),
      repos.verificationCodes.purgeExpired(at),
      repos.resetTokens.purgeExpired(at),
      repos.sendCounters.purgeExpired(at),
    ]);
    for (const table of ['captchas', 'verification_codes', 'reset_tokens', 'send_counters'] as const) {
      expect(await t.database.db.selectFrom(table).selectAll().execute()).toEqual([]);
    }
  });
});

describe.each(engines())('password reset: delivery and deployments on %s', (engine) => {
  let smtp: SmtpTestServer;
  let webhook: WebhookTestServer;
  let t: TestApp;

  /** Solves a captcha and asks `app` for a code. */
  async function requestCode(app: TestApp, account: string, codeType: 1 | 2) {
    const captcha = await app.app.inject({ method: 'GET', url: '/api/captcha' });
    return app.app.inject({
      method: 'POST',
      url: '/api/Account/ModifyPassword/SendCode',
      headers: { ...app.signed(), 'accept-language': 'en-US' },
      payload: { account, codeType, captchaId: captcha.json().data.CaptchaId, validCode: CAPTCHA },
    });
  }

  beforeAll(async () => {
    [smtp, webhook] = await Promise.all([startSmtpTestServer(), startWebhookTestServer()]);
    t = await createTestApp(
      engine,
      { SMTP_URL: smtp.url, MAIL_FROM: 'Acme Portal <portal@acme.test>', SMS_WEBHOOK_URL: webhook.url },
      { captchaText: () => CAPTCHA },
    );
    await createTestOrganization(t, 'Acme Lab', {
      admin: { account: 'admin@acme.test' },
      members: [
        { realName: 'Chemist', account: 'chemist@acme.test' },
        { realName: 'Analyst', account: '13900000001' },
      ],
    });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([smtp.close(), webhook.close()]);
  });

  it('mails the code over SMTP, and the mailed code verifies', async () => {
    const since = smtp.mails.length;
    expect((await requestCode(t, 'chemist@acme.test', 2)).statusCode).toBe(200);
    const mail = await smtp.waitForMail('chemist@acme.test', since);
    expect(mail.from).toBe('portal@acme.test');
    const code = /(\d{6})/.exec(mailBodyText(mail))?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/Account/Code/Verify',
      headers: t.signed(),
      payload: { Account: 'chemist@acme.test', VerificationCode: code },
    });
    expect(verified.statusCode).toBe(200);
  });

  it('sends the code of a mobile account to the SMS webhook', async () => {
    const since = webhook.requests.length;
    expect((await requestCode(t, '13900000001', 1)).statusCode).toBe(200);
    const request = await webhook.waitForRequest(since);
    expect(request.body).toEqual({
      recipient: '13900000001',
      template: 'reset-password',
      code: expect.stringMatching(/^\d{6}$/),
    });
  });

  it('answers before a slow mail server has taken the mail, so timing does not tell accounts apart', async () => {
    smtp.setDelay(1500);
    try {
      const since = smtp.mails.length;
      t.clock.advance(2 * HOUR_MS);
      const started = performance.now();
      const known = await requestCode(t, 'chemist@acme.test', 2);
      const knownMs = performance.now() - started;
      const unknownStarted = performance.now();
      const unknown = await requestCode(t, 'ghost@acme.test', 2);
      const unknownMs = performance.now() - unknownStarted;
      expect(known.json()).toEqual(unknown.json());
      expect(knownMs).toBeLessThan(1000);
      expect(unknownMs).toBeLessThan(1000);
      await smtp.waitForMail('chemist@acme.test', since);
    } finally {
      smtp.setDelay(0);
    }
  });

  it('offers both ways in a cloud deployment', async () => {
    const options = await t.app.inject({ method: 'GET', url: '/api/Account/ModifyPassword/Options' });
    expect(options.json().data).toEqual({ CodeTypes: [1, 2] });
  });

  it('offers only email in a project deployment and refuses a phone without using the captcha', async () => {
    const project = await createTestApp(
      engine,
      { DEPLOYMENT: 'project', SMTP_URL: smtp.url, SMS_WEBHOOK_URL: webhook.url },
      { captchaText: () => CAPTCHA },
    );
    try {
      const options = await project.app.inject({ method: 'GET', url: '/api/Account/ModifyPassword/Options' });
      expect(options.json().data).toEqual({ CodeTypes: [2] });
      const captcha = await project.app.inject({ method: 'GET', url: '/api/captcha' });
      const { CaptchaId } = captcha.json().data;
      const payload = { account: '13900000001', codeType: 1, captchaId: CaptchaId, validCode: CAPTCHA };
      const phone = await project.app.inject({
        method: 'POST',
        url: '/api/Account/ModifyPassword/SendCode',
        headers: { ...project.signed(), 'accept-language': 'en-US' },
        payload,
      });
      expect(phone.statusCode).toBe(400);
      expect(phone.json()).toMatchObject({
        message: 'This way of recovery is not available here',
        error: { key: 'errors.verification.channelUnavailable' },
      });
      const email = await project.app.inject({
        method: 'POST',
        url: '/api/Account/ModifyPassword/SendCode',
        headers: project.signed(),
        payload: { ...payload, account: 'someone@acme.test', codeType: 2 },
      });
      expect(email.statusCode).toBe(200);
    } finally {
      await project.close();
    }
  });

  it('answers 404 on every reset endpoint when the reset module is off', async () => {
    const off = await createTestApp(engine, { MODULE_RESET: 'false' });
    try {
      const answers = await Promise.all([
        off.app.inject({ method: 'GET', url: '/api/Account/ModifyPassword/Options' }),
        off.app.inject({
          method: 'POST',
          url: '/api/Account/ModifyPassword/SendCode',
          headers: off.signed(),
          payload: {},
        }),
        off.app.inject({
          method: 'POST',
          url: '/api/Account/Code/Verify',
          headers: off.signed(),
          payload: {},
        }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404]);
      expect(answers[0].json().error.key).toBe('errors.request.notFound');
    } finally {
      await off.close();
    }
  });
});

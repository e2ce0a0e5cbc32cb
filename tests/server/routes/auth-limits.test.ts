import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILURE_WINDOW_MS, GLOBAL_CAPTCHA_FAILURES } from '../../../domain/constants';
import { createRepositories } from '../../../server/repositories';
import { CLI_OPERATOR } from '../../../server/core/operator';
import { updatePasswordPolicy } from '../../../server/services/password-policy-service';
import {
  answeredCaptcha,
  createTestApp,
  createTestOrganization,
  signIn,
  type TestApp,
  TEST_PASSWORD,
} from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

const CAPTCHA = 'TUVW';

describe.each(engines())('sign-in captcha and limits on %s', (engine) => {
  let t: TestApp;
  let nextIp = 0;
  /** An address no other test has used. */
  const freshIp = () => `198.51.100.${(nextIp += 1)}`;
  const failures = async (key: string) =>
    (
      await createRepositories(t.database.db).authFailures.countMany([key], t.clock.now(), FAILURE_WINDOW_MS)
    ).get(key) ?? 0;
  const status = async (email: string) =>
    (
      await t.database.db
        .selectFrom('accounts')
        .select('status')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).status;
  /** Wrong passwords for a name from an address, answering a captcha whenever one is needed. */
  const wrongPasswords = async (account: string, ip: string, count: number) => {
    const answers = [];
    for (let i = 0; i < count; i += 1) {
      const { response } = await signIn(t, account, `wrong-${i}`, await answeredCaptcha(t, CAPTCHA, ip), {
        ip,
      });
      answers.push(response.json().error.key);
    }
    return answers;
  };

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { captchaText: () => CAPTCHA });
    const members = ['known', 'twin', 'sprayed-1', 'sprayed-2', 'sprayed-3', 'strict-1', 'strict-2'];
    await createTestOrganization(t, 'Guarded Lab', {
      admin: { account: 'admin@guarded.test' },
      members: members.map((name) => ({ realName: name, account: `${name}@guarded.test` })),
    });
  });
  afterAll(() => t.close());

  it('asks for no captcha until a name has three failures, then says so with the third', async () => {
    const ip = freshIp();
    const answers = [];
    for (let i = 0; i < 3; i += 1) {
      answers.push((await signIn(t, 'known@guarded.test', `wrong-${i}`, {}, { ip })).response.json().error);
    }
    expect(answers).toEqual([
      { key: 'errors.login.wrongCredentials' },
      { key: 'errors.login.wrongCredentials' },
      { key: 'errors.login.wrongCredentialsRemaining', params: { remaining: 2, captcha: 1 } },
    ]);
  });

  it('refuses an attempt without the captcha before looking at the password, and counts nothing', async () => {
    const ip = freshIp();
    const before = await failures('account:known@guarded.test');
    const right = await signIn(t, 'known@guarded.test', TEST_PASSWORD, {}, { ip });
    expect(right.response.statusCode).toBe(401);
    expect(right.response.json()).toMatchObject({
      error: { key: 'errors.login.captchaRequired' },
      message: '为了账号安全，请输入图形验证码后再登录',
    });
    expect(right.cookie).toBe('');
    expect(await failures('account:known@guarded.test')).toBe(before);
    expect(await failures(`ip:${ip}`)).toBe(0);
    const logged = await t.database.db
      .selectFrom('login_logs')
      .select(['success', 'reason'])
      .where('ip', '=', ip)
      .execute();
    expect(logged).toEqual([{ success: 0, reason: 'errors.login.captchaRequired' }]);
  });

  it('refuses a wrong captcha even with the right password, and counts nothing', async () => {
    const ip = freshIp();
    const { captchaId } = await answeredCaptcha(t, CAPTCHA, ip);
    const wrong = await signIn(
      t,
      'known@guarded.test',
      TEST_PASSWORD,
      { captchaId, captcha: 'XXXX' },
      { ip },
    );
    expect(wrong.response.statusCode).toBe(400);
    expect(wrong.response.json().error.key).toBe('errors.captcha.wrong');
    expect(wrong.cookie).toBe('');
    expect(await failures('account:known@guarded.test')).toBe(3);
    expect(await failures(`ip:${ip}`)).toBe(0);
    expect(await status('known@guarded.test')).toBe('active');
  });

  it('uses a captcha once: a right answer sent again is refused', async () => {
    const ip = freshIp();
    const captcha = await answeredCaptcha(t, CAPTCHA, ip);
    const first = await signIn(t, 'known@guarded.test', 'still-wrong', captcha, { ip });
    expect(first.response.json().error).toEqual({
      key: 'errors.login.wrongCredentialsRemaining',
      params: { remaining: 1, captcha: 1 },
    });
    const replayed = await signIn(t, 'known@guarded.test', TEST_PASSWORD, captcha, { ip });
    expect(replayed.response.statusCode).toBe(400);
    expect(replayed.response.json().error.key).toBe('errors.captcha.expired');
    expect(replayed.cookie).toBe('');
  });

  it('signs in with the right password and a right captcha, and then forgets the failures', async () => {
    const ip = freshIp();
    const signedIn = await signIn(
      t,
      'known@guarded.test',
      TEST_PASSWORD,
      await answeredCaptcha(t, CAPTCHA, ip),
      {
        ip,
      },
    );
    expect(signedIn.response.statusCode).toBe(200);
    expect(await failures('account:known@guarded.test')).toBe(0);
    expect((await signIn(t, 'known@guarded.test', TEST_PASSWORD, {}, { ip })).response.statusCode).toBe(200);
  });

  it('answers a known and an unknown name alike, captcha and all', async () => {
    const sequence = async (account: string) => {
      const ip = freshIp();
      const answers = [];
      for (let i = 0; i < 3; i += 1)
        answers.push((await signIn(t, account, 'wrong', {}, { ip })).response.json());
      answers.push((await signIn(t, account, 'wrong', {}, { ip })).response.json());
      const { captchaId } = await answeredCaptcha(t, CAPTCHA, ip);
      answers.push(
        (await signIn(t, account, 'wrong', { captchaId, captcha: 'nope' }, { ip })).response.json(),
      );
      return answers;
    };
    const known = await sequence('twin@guarded.test');
    const unknown = await sequence('ghost@guarded.test');
    expect(known).toEqual(unknown);
    expect(known.map((answer) => answer.error.key)).toEqual([
      'errors.login.wrongCredentials',
      'errors.login.wrongCredentials',
      'errors.login.wrongCredentialsRemaining',
      'errors.login.captchaRequired',
      'errors.captcha.wrong',
    ]);
  });

  it('asks for the captcha from an address with ten failures, whatever the name, and not from others', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i += 1) await signIn(t, `nobody-${i}@guarded.test`, 'wrong', {}, { ip });
    const fresh = await signIn(t, 'admin@guarded.test', TEST_PASSWORD, {}, { ip });
    expect(fresh.response.json().error.key).toBe('errors.login.captchaRequired');
    expect(
      (await signIn(t, 'admin@guarded.test', TEST_PASSWORD, {}, { ip: freshIp() })).response.statusCode,
    ).toBe(200);
  });

  it('lets one address lock at most two accounts, then makes it wait without locking more', async () => {
    const ip = freshIp();
    expect(await wrongPasswords('sprayed-1@guarded.test', ip, 5)).toEqual([
      ...Array(2).fill('errors.login.wrongCredentials'),
      ...Array(2).fill('errors.login.wrongCredentialsRemaining'),
      'errors.login.locked',
    ]);
    expect((await wrongPasswords('sprayed-2@guarded.test', ip, 5)).at(-1)).toBe('errors.login.locked');
    expect(await wrongPasswords('sprayed-3@guarded.test', ip, 5)).toEqual(
      Array(5).fill('errors.login.tooManyAttempts'),
    );
    expect(await status('sprayed-3@guarded.test')).toBe('active');
    expect(await failures('account:sprayed-3@guarded.test')).toBe(0);
    // Another address is not held back by this one.
    expect(
      (await signIn(t, 'sprayed-3@guarded.test', TEST_PASSWORD, {}, { ip: freshIp() })).response.statusCode,
    ).toBe(200);
  });

  it('holds at two accounts even when the organisation locks after three failures', async () => {
    const org = await t.database.db.selectFrom('organizations').select('id').executeTakeFirstOrThrow();
    await updatePasswordPolicy(
      { db: t.database.db, orgId: Number(org.id), operator: CLI_OPERATOR, now: t.clock.now() },
      { lockAfter: 3 },
    );
    const ip = freshIp();
    expect((await wrongPasswords('strict-1@guarded.test', ip, 3)).at(-1)).toBe('errors.login.locked');
    expect((await wrongPasswords('strict-2@guarded.test', ip, 3)).at(-1)).toBe('errors.login.locked');
    expect(await wrongPasswords('admin@guarded.test', ip, 1)).toEqual(['errors.login.tooManyAttempts']);
    expect(await status('admin@guarded.test')).toBe('active');
    await updatePasswordPolicy(
      { db: t.database.db, orgId: Number(org.id), operator: CLI_OPERATOR, now: t.clock.now() },
      { lockAfter: 5 },
    );
  });

  it('asks everyone for the captcha once the deployment is over its failure budget, and shuts nobody out', async () => {
    const repos = createRepositories(t.database.db);
    for (let i = await failures('global'); i < GLOBAL_CAPTCHA_FAILURES; i += 1) {
      await repos.authFailures.increment('global', t.clock.now(), FAILURE_WINDOW_MS);
    }
    const ip = freshIp();
    const bare = await signIn(t, 'admin@guarded.test', TEST_PASSWORD, {}, { ip });
    expect(bare.response.json().error.key).toBe('errors.login.captchaRequired');
    const answered = await signIn(
      t,
      'admin@guarded.test',
      TEST_PASSWORD,
      await answeredCaptcha(t, CAPTCHA, ip),
      {
        ip,
      },
    );
    expect(answered.response.statusCode).toBe(200);

    // When the window has passed, the captcha is no longer asked for.
    t.clock.advance(FAILURE_WINDOW_MS);
    expect(
      (await signIn(t, 'admin@guarded.test', TEST_PASSWORD, {}, { ip: freshIp() })).response.statusCode,
    ).toBe(200);
  });
});

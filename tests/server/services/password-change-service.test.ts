import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY } from '../../../domain/rules/password-policy';
import { createRepositories } from '../../../server/repositories';
import { ApiError } from '../../../server/core/errors';
import { hashToken } from '../../../server/security/tokens';
import { resetAccountPassword } from '../../../server/services/account-recovery';
import { CLI_OPERATOR } from '../../../server/core/operator';
import { setNewPassword, verifyOldPassword } from '../../../server/services/password-change-service';
import { engines } from '../../helpers/test-database';
import {
  createTestApp,
  createTestOrganization,
  signIn,
  type TestApp,
  TEST_PASSWORD,
} from '../../helpers/test-app';

/** The ApiError a promise rejects with, or null when it resolves. */
async function failureOf(
  promise: Promise<unknown>,
): Promise<{ status: number; key: string; params?: object } | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: error.statusCode, key: error.key, params: error.params };
  }
}

describe.each(engines())('password change service on %s', (engine) => {
  let t: TestApp;
  let orgId: number;
  let ids: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const org = await createTestOrganization(t, 'Policy Lab', {
      admin: { account: 'admin@policy.test' },
      members: [
        { realName: 'Changer', account: 'changer@policy.test' },
        { realName: 'Historian', account: 'historian@policy.test' },
        { realName: 'Refused', account: 'refused@policy.test' },
        { realName: 'Unicode', account: 'unicode@policy.test' },
        { realName: 'Wizard', account: 'wizard@policy.test' },
        { realName: 'Guesser', account: 'guesser@policy.test' },
      ],
    });
    orgId = org.orgId;
    ids = Object.fromEntries(org.members.map((member) => [member.account, member.id]));
  });
  afterAll(() => t.close());

  const repos = () => createRepositories(t.database.db);
  const change = (account: string, newPassword: string, extra: { confirm?: string; keep?: number } = {}) =>
    setNewPassword(
      { db: t.database.db },
      {
        orgId,
        accountId: ids[account],
        newPassword,
        confirmPassword: extra.confirm ?? newPassword,
        keepSessionId: extra.keep,
      },
      t.clock.now(),
    );

  it('sets the new password, clears the forced change and ends the other sessions but this one', async () => {
    const account = (await repos().accounts.findById(orgId, ids['changer@policy.test']))!;
    const initial = await resetAccountPassword(t.database.db, account, CLI_OPERATOR, t.clock.now());
    const first = await signIn(t, 'changer@policy.test', initial);
    const second = await signIn(t, 'changer@policy.test', initial);
    const keep = (await repos().sessions.findWithAccount(hashToken(first.cookie.split('=')[1])))!.session.id;
    t.clock.advance(1000);

    await change('changer@policy.test', 'Fresh lab passphrase 1', { keep });

    const changed = await repos().accounts.findById(orgId, ids['changer@policy.test']);
    expect(changed).toMatchObject({ must_change_password: 0, password_changed_at: t.clock.now() });
    expect((await signIn(t, 'changer@policy.test', initial)).response.statusCode).toBe(401);
    expect((await signIn(t, 'changer@policy.test', 'Fresh lab passphrase 1')).response.statusCode).toBe(200);
    const current = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/account/current', headers: { cookie } });
    expect((await current(first.cookie)).statusCode).toBe(200);
    expect((await current(second.cookie)).statusCode).toBe(401);
  });

  it.each([
    [
      'a confirmation that differs',
      'Another passphrase 1',
      'Another passphrase 2',
      'errors.password.mismatch',
    ],
    ['a password under the minimum length', 'k3!Lqa7', undefined, 'errors.password.tooShort'],
    ['a common password', '1qaz2wsx3edc4rfv', undefined, 'errors.password.guessable.common'],
    [
      'a common password in capitals',
      'PASSWORD12345678',
      undefined,
      'errors.password.guessable.similarToCommon',
    ],
    ["the organisation's name", 'Policy-Lab-2026!', undefined, 'errors.password.guessable.userInputs'],
    ['the account name', 'refused@policy.test', undefined, 'errors.password.accountName'],
    ['the current password', TEST_PASSWORD, undefined, 'errors.password.sameAsOld'],
  ])('refuses %s with 400 and changes nothing', async (_name, password, confirm, key) => {
    const before = await repos().accounts.findById(orgId, ids['refused@policy.test']);
    expect(await failureOf(change('refused@policy.test', password, { confirm }))).toMatchObject({
      status: 400,
      key,
    });
    expect(await repos().accounts.findById(orgId, ids['refused@policy.test'])).toEqual(before);
  });

  it("applies the organisation's classes and names the missing one", async () => {
    await repos().passwordPolicies.save(
      orgId,
      { ...DEFAULT_PASSWORD_POLICY, minLength: 8, requiredClasses: ['upper', 'digit', 'symbol'] },
      t.clock.now(),
    );
    try {
      expect(await failureOf(change('refused@policy.test', 'nouppercase1!'))).toMatchObject({
        status: 400,
        key: 'errors.password.needsUpper',
        params: { field: 'NewPassword' },
      });
      expect(await failureOf(change('refused@policy.test', 'Qz7!vKm2w'))).toBeNull();
    } finally {
      await repos().passwordPolicies.save(orgId, DEFAULT_PASSWORD_POLICY, t.clock.now());
    }
  });

  it('refuses the last N passwords and accepts one older than the history depth', async () => {
    await repos().passwordPolicies.save(
      orgId,
      { ...DEFAULT_PASSWORD_POLICY, historyDepth: 2 },
      t.clock.now(),
    );
    try {
      for (const password of [
        'History one 11 kestrel',
        'History two 22 kestrel',
        'History three 33 kestrel',
      ]) {
        t.clock.advance(1000);
        await change('historian@policy.test', password);
      }
      // Current: three; history: two, one (and the test password, trimmed away at depth 2).
      expect(await failureOf(change('historian@policy.test', 'History one 11 kestrel'))).toMatchObject({
        key: 'errors.password.usedBefore',
        params: { count: 2 },
      });
      expect(await failureOf(change('historian@policy.test', 'History three 33 kestrel'))).toMatchObject({
        key: 'errors.password.sameAsOld',
      });
      expect(await failureOf(change('historian@policy.test', TEST_PASSWORD))).toBeNull();
    } finally {
      await repos().passwordPolicies.save(orgId, DEFAULT_PASSWORD_POLICY, t.clock.now());
    }
  });

  it('without a session to keep (the reset wizard) ends every session of the account', async () => {
    const { cookie } = await signIn(t, 'wizard@policy.test');
    await change('wizard@policy.test', 'Wizard chosen phrase 9');
    const response = await t.app.inject({ method: 'GET', url: '/api/account/current', headers: { cookie } });
    expect(response.statusCode).toBe(401);
  });

  it('judges and hashes a Unicode password whole, so its full-width and half-width forms are the same', async () => {
    await change('unicode@policy.test', '实验室Ｐａｓｓ２０２６ｋｅｓｔｒｅｌ');
    expect((await signIn(t, 'unicode@policy.test', '实验室Pass2026kestrel')).response.statusCode).toBe(200);
    // 100 different Chinese characters and a symbol: not guessable, and longer than the part estimated.
    const long = `${Array.from({ length: 100 }, (_, i) => String.fromCodePoint(0x4e00 + i * 37)).join('')}!`;
    await change('unicode@policy.test', long);
    expect((await signIn(t, 'unicode@policy.test', long)).response.statusCode).toBe(200);
    expect((await signIn(t, 'unicode@policy.test', long.slice(0, -1))).response.statusCode).toBe(401);
  });

  it('refuses a wrong old password as a field error that counts toward the lock', async () => {
    const check = (oldPassword: string) =>
      failureOf(
        verifyOldPassword(
          { db: t.database.db },
          { orgId, accountId: ids['guesser@policy.test'], oldPassword, ip: '198.51.100.7' },
          t.clock.now(),
        ),
      );
    expect(await check(TEST_PASSWORD)).toBeNull();
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await check(`wrong-${i}`));
    expect(answers).toEqual([
      { status: 400, key: 'errors.password.oldWrong', params: { field: 'OldPassword' } },
      { status: 400, key: 'errors.password.oldWrong', params: { field: 'OldPassword' } },
      {
        status: 400,
        key: 'errors.password.oldWrongRemaining',
        params: { remaining: 2, field: 'OldPassword' },
      },
      {
        status: 400,
        key: 'errors.password.oldWrongRemaining',
        params: { remaining: 1, field: 'OldPassword' },
      },
      { status: 401, key: 'errors.login.locked', params: undefined },
    ]);
    expect((await repos().accounts.findById(orgId, ids['guesser@policy.test']))?.status).toBe('locked');
  });
});

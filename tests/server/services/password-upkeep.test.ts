import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from '../../../domain/rules/password-policy';
import { addMember } from '../../../server/provisioning';
import { createRepositories } from '../../../server/repositories';
import {
  hashParameters,
  setArgon2CostForTests,
  verifyPassword,
} from '../../../server/security/password-hasher';
import { engines } from '../../helpers/test-database';
import {
  createTestApp,
  createTestOrganization,
  signIn,
  type TestApp,
  TEST_PASSWORD,
} from '../../helpers/test-app';

describe.each(engines())('password upkeep at sign-in on %s', (engine) => {
  let t: TestApp;
  let orgId: number;
  let otherOrgId: number;

  beforeAll(async () => {
    // Re-hashing at sign-in brings a hash up to OWASP's cost: the cost the node tests' set-up lowers.
    setArgon2CostForTests(null);
    t = await createTestApp(engine);
    ({ orgId } = await createTestOrganization(t, 'Upkeep Lab', {
      admin: { account: 'admin@upkeep.test' },
      members: [
        { realName: 'Short', account: 'short@upkeep.test' },
        { realName: 'Old', account: 'old@upkeep.test' },
        { realName: 'Cheap', account: 'cheap@upkeep.test' },
        { realName: 'Wide', account: 'wide@upkeep.test' },
        { realName: 'Strict', account: 'strict@upkeep.test' },
        { realName: 'Again', account: 'again@upkeep.test' },
      ],
    }));
    ({ orgId: otherOrgId } = await createTestOrganization(t, 'Strict Lock Lab', {
      admin: { account: 'admin@strict-lock.test' },
      members: [{ realName: 'Guessed', account: 'guessed@strict-lock.test' }],
    }));
    await addMember(
      t.database.db,
      orgId,
      { realName: 'Common', account: 'common@upkeep.test', password: 'password1' },
      t.clock.now(),
    );
    for (const [account, password] of [
      ['named@upkeep.test', 'Upkeep-Lab-2026!'],
      ['eleven@upkeep.test', 'vK8#qTz2mW4'],
    ]) {
      await addMember(t.database.db, orgId, { realName: 'Set before', account, password }, t.clock.now());
    }
  });
  afterAll(() => t.close());

  const repos = () => createRepositories(t.database.db);
  const withPolicy = async (id: number, patch: Partial<PasswordPolicy>, run: () => Promise<void>) => {
    await repos().passwordPolicies.save(id, { ...DEFAULT_PASSWORD_POLICY, ...patch }, t.clock.now());
    try {
      await run();
    } finally {
      await repos().passwordPolicies.save(id, DEFAULT_PASSWORD_POLICY, t.clock.now());
    }
  };
  const reasonAfterSignIn = async (account: string, password = TEST_PASSWORD) => {
    const { response, cookie } = await signIn(t, account, password);
    expect(response.statusCode).toBe(200);
    const basic = await t.app.inject({ method: 'GET', url: '/api/Menu/user/tree', headers: { cookie } });
    return { pwdInfo: response.json().data.PwdInfo, otherCall: basic.statusCode };
  };

  it('judges a password that met the policy at one sign-in again at the next once the policy tightens', async () => {
    const fine = { pwdInfo: { MustChange: false, Reason: null }, otherCall: 200 };
    expect(await reasonAfterSignIn('again@upkeep.test')).toEqual(fine);
    expect(await reasonAfterSignIn('again@upkeep.test')).toEqual(fine);
    await withPolicy(orgId, { minLength: TEST_PASSWORD.length + 1 }, async () => {
      expect(await reasonAfterSignIn('again@upkeep.test')).toEqual({
        pwdInfo: { MustChange: true, Reason: 'weak' },
        otherCall: 403,
      });
    });
  });

  it('forces a change of a password that no longer meets the policy, for that session', async () => {
    await withPolicy(orgId, { minLength: 20 }, async () => {
      expect(await reasonAfterSignIn('short@upkeep.test')).toEqual({
        pwdInfo: { MustChange: true, Reason: 'weak' },
        otherCall: 403,
      });
    });
    expect(await reasonAfterSignIn('short@upkeep.test')).toEqual({
      pwdInfo: { MustChange: false, Reason: null },
      otherCall: 200,
    });
  });

  it('forces a change of a common password', async () => {
    expect((await reasonAfterSignIn('common@upkeep.test', 'password1')).pwdInfo).toEqual({
      MustChange: true,
      Reason: 'weak',
    });
  });

  it("forces a change of a password made of the organisation's name, however long", async () => {
    expect((await reasonAfterSignIn('named@upkeep.test', 'Upkeep-Lab-2026!')).pwdInfo).toEqual({
      MustChange: true,
      Reason: 'weak',
    });
  });

  it('forces a change of a password shorter than the default 15, unless the organisation set a shorter minimum', async () => {
    expect((await reasonAfterSignIn('eleven@upkeep.test', 'vK8#qTz2mW4')).pwdInfo.Reason).toBe('weak');
    await withPolicy(orgId, { minLength: 8 }, async () => {
      expect((await reasonAfterSignIn('eleven@upkeep.test', 'vK8#qTz2mW4')).pwdInfo.Reason).toBeNull();
    });
  });

  it("forces a change of a password older than the policy's expiry", async () => {
    await withPolicy(orgId, { expiry: '10m' }, async () => {
      const account = (await repos().accounts.findByIdentifier({ kind: 'email', value: 'old@upkeep.test' }))!;
      t.clock.advance(10 * 60_000 - 1);
      expect((await reasonAfterSignIn('old@upkeep.test')).pwdInfo.Reason).toBeNull();
      t.clock.advance(1);
      expect(t.clock.now() - account.password_changed_at).toBe(10 * 60_000);
      expect(await reasonAfterSignIn('old@upkeep.test')).toEqual({
        pwdInfo: { MustChange: true, Reason: 'expired' },
        otherCall: 403,
      });
    });
  });

  it('re-hashes a hash made at lower cost at the next sign-in, keeping the password and its age', async () => {
    const account = (await repos().accounts.findByIdentifier({ kind: 'email', value: 'cheap@upkeep.test' }))!;
    const cheap = await hash(TEST_PASSWORD, { algorithm: 2, memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await repos().accounts.replacePasswordHash(orgId, account.id, account.password_hash, cheap);

    expect((await signIn(t, 'cheap@upkeep.test')).response.statusCode).toBe(200);

    const after = (await repos().accounts.findById(orgId, account.id))!;
    expect(hashParameters(after.password_hash)).toEqual({ algorithm: 'argon2id', m: 19456, t: 2, p: 1 });
    expect(await verifyPassword(after.password_hash, TEST_PASSWORD)).toBe(true);
    expect(after.password_changed_at).toBe(account.password_changed_at);
  });

  it('re-hashes a password stored before normalisation in its normalised form', async () => {
    const typed = 'Ｌａｂ＃Ｗｉｄｅ２０２６';
    const account = (await repos().accounts.findByIdentifier({ kind: 'email', value: 'wide@upkeep.test' }))!;
    const raw = await hash(typed, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
    await repos().accounts.replacePasswordHash(orgId, account.id, account.password_hash, raw);

    expect((await signIn(t, 'wide@upkeep.test', typed)).response.statusCode).toBe(200);

    const after = (await repos().accounts.findById(orgId, account.id))!;
    expect(after.password_hash).not.toBe(raw);
    expect((await signIn(t, 'wide@upkeep.test', 'Lab#Wide2026')).response.statusCode).toBe(200);
  });

  it("locks a known account after its organisation's number of failures; unknown names keep the default", async () => {
    await withPolicy(otherOrgId, { lockAfter: 3 }, async () => {
      const answers = [];
      for (let i = 0; i < 3; i += 1) {
        const { response } = await signIn(t, 'guessed@strict-lock.test', `wrong-${i}`);
        answers.push([response.statusCode, response.json().error]);
      }
      expect(answers).toEqual([
        [401, { key: 'errors.login.wrongCredentialsRemaining', params: { remaining: 2 } }],
        [401, { key: 'errors.login.wrongCredentialsRemaining', params: { remaining: 1 } }],
        [403, { key: 'errors.login.locked' }],
      ]);
      const unknown = [];
      for (let i = 0; i < 3; i += 1)
        unknown.push((await signIn(t, 'ghost@strict-lock.test', 'x')).response.json().error.key);
      expect(unknown).toEqual([
        'errors.login.wrongCredentials',
        'errors.login.wrongCredentials',
        'errors.login.wrongCredentialsRemaining',
      ]);
    });
  });
});

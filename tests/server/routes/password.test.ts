import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY } from '../../../domain/rules/password-policy';
import { createRepositories } from '../../../server/repositories';
import { resetAccountPassword } from '../../../server/services/account-recovery';
import { CLI_OPERATOR } from '../../../server/core/operator';
import { engines } from '../../helpers/test-database';
import {
  createTestApp,
  createTestOrganization,
  signIn,
  type TestApp,
  TEST_PASSWORD,
} from '../../helpers/test-app';

describe.each(engines())('password routes on %s', (engine) => {
  let t: TestApp;
  let orgId: number;
  let ids: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const org = await createTestOrganization(t, 'Route Lab', {
      admin: { account: 'admin@route.test' },
      members: [
        { realName: 'Reader', account: 'reader@route.test' },
        { realName: 'Modifier', account: 'modifier@route.test' },
        { realName: 'Forced', account: 'forced@route.test' },
        { realName: 'Verifier', account: 'verifier@route.test' },
        { realName: 'Integrator', account: 'integrator@route.test' },
        { realName: 'Phone User', account: 'phone@route.test' },
        { realName: 'Guesser', account: 'guesser@route.test' },
      ],
    });
    orgId = org.orgId;
    ids = Object.fromEntries(org.members.map((member) => [member.account, member.id]));
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { ...t.signed(), cookie, 'accept-language': 'en-US' },
      ...(payload ? { payload } : {}),
    });

  describe('GET /api/OrganizationConfig/PwdRequiredRules', () => {
    it("answers the caller's organisation's policy, the defaults until one is set", async () => {
      const { cookie } = await signIn(t, 'reader@route.test');
      const before = await call('GET', '/api/OrganizationConfig/PwdRequiredRules', cookie);
      expect(before.json().data).toEqual({
        MinLength: 15,
        MaxLength: 128,
        RequiredClasses: [],
        Expiry: 'never',
        HistoryDepth: 5,
      });
      await createRepositories(t.database.db).passwordPolicies.save(
        orgId,
        { ...DEFAULT_PASSWORD_POLICY, minLength: 10, requiredClasses: ['digit'], expiry: '3months' },
        t.clock.now(),
      );
      const after = await call('GET', '/api/OrganizationConfig/PwdRequiredRules', cookie);
      expect(after.json().data).toMatchObject({
        MinLength: 10,
        RequiredClasses: ['digit'],
        Expiry: '3months',
      });
      await createRepositories(t.database.db).passwordPolicies.save(
        orgId,
        DEFAULT_PASSWORD_POLICY,
        t.clock.now(),
      );
    });

    it('needs a session; the signed-out variant answers the deployment defaults', async () => {
      expect((await call('GET', '/api/OrganizationConfig/PwdRequiredRules', '')).statusCode).toBe(401);
      const defaults = await call('GET', '/api/OrganizationConfig/PwdRequiredRules/Default', '');
      expect(defaults.json().data).toMatchObject({ MinLength: 15, RequiredClasses: [], Expiry: 'never' });
    });

    it("defaults to NIST's 8 characters while security verification asks for a code at every sign-in", async () => {
      const other = await createTestOrganization(t, 'Two Factor Lab', {
        admin: { account: 'admin@two-factor.test' },
      });
      const { cookie } = await signIn(t, 'admin@two-factor.test');
      const repos = createRepositories(t.database.db);
      const minLength = async () =>
        (await call('GET', '/api/OrganizationConfig/PwdRequiredRules', cookie)).json().data.MinLength;
      expect(await minLength()).toBe(15);
      await repos.secondaryVerification.saveMode(other.orgId, 'always', t.clock.now());
      expect(await minLength()).toBe(8);
      // A policy the administrator saved holds whatever the mode.
      await repos.passwordPolicies.save(
        other.orgId,
        { ...DEFAULT_PASSWORD_POLICY, minLength: 12 },
        t.clock.now(),
      );
      expect(await minLength()).toBe(12);
      await repos.secondaryVerification.saveMode(other.orgId, 'off', t.clock.now());
      expect(await minLength()).toBe(12);
    });
  });

  describe('POST /api/Account/Password/Verify', () => {
    it('accepts the right old password and refuses a wrong one as a field error', async () => {
      const { cookie } = await signIn(t, 'verifier@route.test');
      const right = await call('POST', '/api/Account/Password/Verify', cookie, {
        OldPassword: TEST_PASSWORD,
      });
      expect(right.json()).toEqual({ code: 100, message: '', data: null });
      const wrong = await call('POST', '/api/Account/Password/Verify', cookie, { OldPassword: 'not-it' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        code: 400,
        message: 'Password input wrong, please re-enter',
        error: { key: 'errors.password.oldWrong', params: { field: 'OldPassword' } },
      });
      const empty = await call('POST', '/api/Account/Password/Verify', cookie, { OldPassword: '' });
      expect(empty.json().error).toEqual({
        key: 'errors.password.oldRequired',
        params: { field: 'OldPassword', min: 1 },
      });
    });
  });

  describe('PUT /api/Account/Password/Modify', () => {
    it('refuses a guessable, a mismatched and a 10 KB new password with their messages', async () => {
      const { cookie } = await signIn(t, 'modifier@route.test');
      const modify = (NewPassword: string, ConfirmPassword = NewPassword) =>
        call('PUT', '/api/Account/Password/Modify', cookie, {
          OldPassword: TEST_PASSWORD,
          NewPassword,
          ConfirmPassword,
        });
      const common = await modify('iloveyou1iloveyou1');
      expect(common.statusCode).toBe(400);
      expect(common.json().message).toBe(
        'Does not meet minimum security requirements: repeated patterns like "abcabcabc" are easy to guess',
      );
      const mismatch = await modify('A fine new phrase 1', 'A fine new phrase 2');
      expect(mismatch.json()).toMatchObject({
        message: 'Password inconsistent, type again',
        error: { key: 'errors.password.mismatch', params: { field: 'ConfirmPassword' } },
      });
      const huge = await modify('x'.repeat(10 * 1024));
      expect(huge.statusCode).toBe(400);
      expect(huge.json().error).toEqual({
        key: 'errors.password.tooLong',
        params: { field: 'NewPassword', max: 1024 },
      });
      const same = await modify(TEST_PASSWORD);
      expect(same.json().message).toBe('Must be different with old password');
      expect((await signIn(t, 'modifier@route.test')).response.statusCode).toBe(200);
    });

    it('changes the password, keeps this session and ends the others', async () => {
      const mine = await signIn(t, 'modifier@route.test');
      const other = await signIn(t, 'modifier@route.test');
      const changed = await call('PUT', '/api/Account/Password/Modify', mine.cookie, {
        OldPassword: TEST_PASSWORD,
        NewPassword: 'Modified phrase 2026',
        ConfirmPassword: 'Modified phrase 2026',
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().data.PwdInfo).toEqual({ MustChange: false, Reason: null });
      expect((await call('GET', '/api/account/current', mine.cookie)).statusCode).toBe(200);
      expect((await call('GET', '/api/account/current', other.cookie)).statusCode).toBe(401);
      expect((await signIn(t, 'modifier@route.test', 'Modified phrase 2026')).response.statusCode).toBe(200);
    });

    it("takes SPEC's body, the old and the new password without a confirmation", async () => {
      const { cookie } = await signIn(t, 'integrator@route.test');
      const changed = await call('PUT', '/api/Account/Password/Modify', cookie, {
        OldPassword: TEST_PASSWORD,
        NewPassword: 'Integrated phrase 2026',
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().data.PwdInfo).toEqual({ MustChange: false, Reason: null });
      expect((await signIn(t, 'integrator@route.test', TEST_PASSWORD)).response.statusCode).toBe(401);
      expect((await signIn(t, 'integrator@route.test', 'Integrated phrase 2026')).response.statusCode).toBe(
        200,
      );
      const missing = await call('PUT', '/api/Account/Password/Modify', cookie, {
        OldPassword: 'Integrated phrase 2026',
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toMatchObject({
        key: 'errors.password.newRequired',
        params: { field: 'NewPassword' },
      });
    });

    it('refuses a wrong old password without changing anything', async () => {
      const { cookie } = await signIn(t, 'reader@route.test');
      const response = await call('PUT', '/api/Account/Password/Modify', cookie, {
        OldPassword: 'wrong-old',
        NewPassword: 'Never stored phrase 1',
        ConfirmPassword: 'Never stored phrase 1',
      });
      expect(response.json().error).toEqual({
        key: 'errors.password.oldWrong',
        params: { field: 'OldPassword' },
      });
      expect((await signIn(t, 'reader@route.test', 'Never stored phrase 1')).response.statusCode).toBe(401);
    });
  });

  describe('POST /api/Account/Modify/Password/App', () => {
    it("changes the password as the PUT does (SPEC's phone app path), keeping this session only", async () => {
      const mine = await signIn(t, 'phone@route.test');
      const other = await signIn(t, 'phone@route.test');
      const changed = await call('POST', '/api/Account/Modify/Password/App', mine.cookie, {
        OldPassword: TEST_PASSWORD,
        NewPassword: 'Phone phrase 2026 app',
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().data.PwdInfo).toEqual({ MustChange: false, Reason: null });
      expect((await call('GET', '/api/account/current', mine.cookie)).statusCode).toBe(200);
      expect((await call('GET', '/api/account/current', other.cookie)).statusCode).toBe(401);
      expect((await signIn(t, 'phone@route.test', 'Phone phrase 2026 app')).response.statusCode).toBe(200);
    });

    it('refuses a wrong old password and a signed-out caller, changing nothing', async () => {
      const { cookie } = await signIn(t, 'reader@route.test');
      const wrong = await call('POST', '/api/Account/Modify/Password/App', cookie, {
        OldPassword: 'wrong-old',
        NewPassword: 'Never stored phrase 2',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        message: 'Password input wrong, please re-enter',
        error: { key: 'errors.password.oldWrong', params: { field: 'OldPassword' } },
      });
      const signedOut = await call('POST', '/api/Account/Modify/Password/App', '', {
        OldPassword: TEST_PASSWORD,
        NewPassword: 'Never stored phrase 2',
      });
      expect(signedOut.statusCode).toBe(401);
      expect((await signIn(t, 'reader@route.test', 'Never stored phrase 2')).response.statusCode).toBe(401);
    });
  });

  describe('guessable new passwords', () => {
    it.each([
      ['a digit run', '123456789012345', 'errors.password.guessable.similarToCommon'],
      ["the organisation's name", 'RouteLabRouteLab', 'errors.password.guessable.userInputs'],
      ["the organisation's name with a year", 'Route-Lab-2026!!', 'errors.password.guessable.userInputs'],
      ["the member's name and email", 'Guesser.Route.Test', 'errors.password.guessable.userInputs'],
      ['a letter sequence', 'abcdefghijklmnop', 'errors.password.guessable.sequences'],
      ['a keyboard walk', 'qwertyuiop[]asdf', 'errors.password.guessable.straightRow'],
      ['a keyboard walk in columns', '1qaz2wsx3edc4rfv', 'errors.password.guessable.common'],
    ])('refuses %s as the new password, saying why, and changes nothing', async (_name, password, key) => {
      const { cookie } = await signIn(t, 'guesser@route.test');
      const response = await call('PUT', '/api/Account/Password/Modify', cookie, {
        OldPassword: TEST_PASSWORD,
        NewPassword: password,
        ConfirmPassword: password,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({ key, params: { field: 'NewPassword' } });
      const unchanged = await call('POST', '/api/Account/Password/Verify', cookie, {
        OldPassword: TEST_PASSWORD,
      });
      expect(unchanged.statusCode).toBe(200);
    });

    it("says why in the caller's language", async () => {
      const { cookie } = await signIn(t, 'guesser@route.test');
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/Account/Password/Modify',
        headers: { ...t.signed(), cookie, 'accept-language': 'zh-CN' },
        payload: {
          OldPassword: TEST_PASSWORD,
          NewPassword: 'abcdefghijklmnop',
          ConfirmPassword: 'abcdefghijklmnop',
        },
      });
      expect(response.json().message).toBe(
        '密码不符合最低安全要求：连续的字符（如“abc”“123456”）很容易被猜到',
      );
    });

    it('refuses 14 characters under the default minimum of 15', async () => {
      const { cookie } = await signIn(t, 'guesser@route.test');
      const response = await call('PUT', '/api/Account/Password/Modify', cookie, {
        OldPassword: TEST_PASSWORD,
        NewPassword: 'vK8#qTz2mW4!pL',
        ConfirmPassword: 'vK8#qTz2mW4!pL',
      });
      expect(response.json().error).toEqual({
        key: 'errors.password.tooShort',
        params: { field: 'NewPassword', min: 15 },
      });
    });
  });

  describe('a session that must change its password', () => {
    it('may read its session, switch language and change the password, and nothing else until then', async () => {
      const account = (await createRepositories(t.database.db).accounts.findById(
        orgId,
        ids['forced@route.test'],
      ))!;
      const initial = await resetAccountPassword(t.database.db, account, CLI_OPERATOR, t.clock.now());
      const { response, cookie } = await signIn(t, 'forced@route.test', initial);
      expect(response.json().data.PwdInfo).toEqual({ MustChange: true, Reason: 'initial' });

      const basic = await call('GET', `/api/account/basic/${ids['forced@route.test']}`, cookie);
      expect(basic.statusCode).toBe(403);
      expect(basic.json()).toMatchObject({
        message: 'Please change your password before going on',
        error: { key: 'errors.password.changeRequired' },
      });
      expect((await call('GET', '/api/Menu/user/tree', cookie)).statusCode).toBe(403);
      const current = await call('GET', '/api/account/current', cookie);
      expect(current.json().data.PwdInfo).toEqual({ MustChange: true, Reason: 'initial' });
      expect((await call('POST', '/api/account/setCurLang/en-US', cookie, {})).statusCode).toBe(200);
      expect((await call('GET', '/api/OrganizationConfig/PwdRequiredRules', cookie)).statusCode).toBe(200);

      const changed = await call('PUT', '/api/Account/Password/Modify', cookie, {
        OldPassword: initial,
        NewPassword: 'My own phrase at last',
        ConfirmPassword: 'My own phrase at last',
      });
      expect(changed.statusCode).toBe(200);
      expect((await call('GET', `/api/account/basic/${ids['forced@route.test']}`, cookie)).statusCode).toBe(
        200,
      );
      expect((await call('GET', '/api/account/current', cookie)).json().data.PwdInfo.MustChange).toBe(false);
    });
  });
});

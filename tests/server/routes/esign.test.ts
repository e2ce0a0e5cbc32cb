import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESIGN_LOCK_MS } from '../../../domain/rules/esign';
import {
  createTestApp,
  createTestOrganization,
  signIn,
  type TestApp,
  TEST_PASSWORD,
} from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

interface Member {
  id: number;
  cookie: string;
}

const SIGNATURE = 'Sign2026!x-kestrel';

describe.each(engines())('electronic signature (SPEC §7 Esign) on %s', (engine) => {
  let t: TestApp;
  let orgA: number;
  let adminA: Member;
  let meiA: Member;
  let boA: Member;
  let adminB: Member;
  let memberB: Member;
  const extra: Member[] = [];

  const member = async (account: string): Promise<Member> => {
    const { response, cookie } = await signIn(t, account);
    return { id: response.json().data.AccountInfo.ID as number, cookie };
  };
  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    who: Member,
    payload?: object,
    ip = '127.0.0.1',
  ) =>
    t.app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: { ...t.signed(), cookie: who.cookie },
      ...(payload ? { payload } : {}),
    });
  const save = (who: Member, body: object) => call('POST', '/api/esign/save', who, body);
  const modify = (who: Member, body: object, id = who.id) =>
    call('POST', `/api/Esign/Modify/${id}`, who, body);
  const verify = (who: Member, password: string, ip = '10.0.0.1', id = who.id) =>
    call('POST', `/api/VerifyEsignPassword/${id}`, who, { Password: password }, ip);
  const settings = (changes: object = {}) => ({
    Enabled: true,
    Strength: 'medium',
    MinLength: 6,
    AllowSameAsLogin: false,
    ...changes,
  });
  const logs = (orgId: number) =>
    t.database.db
      .selectFrom('operation_logs')
      .select(['content', 'operator_name'])
      .where('org_id', '=', orgId)
      .where('content', 'like', 'Set the electronic signature%')
      .execute();

  beforeAll(async () => {
    t = await createTestApp(engine);
    orgA = (
      await createTestOrganization(t, 'Lab A', {
        admin: { account: 'admin@es-a.example' },
        members: [
          { realName: 'Mei', account: 'mei@es-a.example' },
          { realName: 'Bo', account: 'bo@es-a.example' },
          ...[1, 2, 3, 4, 5].map((n) => ({ realName: `Extra ${n}`, account: `extra${n}@es-a.example` })),
        ],
      })
    ).orgId;
    await createTestOrganization(t, 'Lab B', {
      admin: { account: 'admin@es-b.example' },
      members: [{ realName: 'Ben', account: 'ben@es-b.example' }],
    });
    adminA = await member('admin@es-a.example');
    meiA = await member('mei@es-a.example');
    boA = await member('bo@es-a.example');
    adminB = await member('admin@es-b.example');
    memberB = await member('ben@es-b.example');
    for (const n of [1, 2, 3, 4, 5]) extra.push(await member(`extra${n}@es-a.example`));
  });
  afterAll(() => t.close());

  describe('GET /api/Esign and configurations/Options', () => {
    it('reads the defaults of an organisation that saved nothing, and no signature yet', async () => {
      const response = await call('GET', '/api/esign', meiA);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({
        ...settings(),
        Mode: 'none',
        HasPassword: false,
        Locked: false,
        LockedUntil: null,
      });
    });

    it('names the EsignPasswordStrength options in the caller language', async () => {
      const response = await call('GET', '/api/configurations/Options/EsignPasswordStrength', meiA);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.map((o: { Value: string }) => o.Value)).toEqual([
        'low',
        'medium',
        'strong',
      ]);
      expect((await call('GET', '/api/configurations/Options/Nothing', meiA)).statusCode).toBe(404);
    });
  });

  describe('POST /api/esign/save', () => {
    it('refuses members (403) and the signed out (401)', async () => {
      expect((await save(meiA, settings({ MinLength: 8 }))).statusCode).toBe(403);
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/esign/save',
        headers: t.signed(),
        payload: settings(),
      });
      expect(anonymous.statusCode).toBe(401);
      expect(await logs(orgA)).toHaveLength(0);
    });

    it.each([5, 33, 6.5])('refuses a minimum length of %s with nothing changed', async (MinLength) => {
      const response = await save(adminA, settings({ MinLength }));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.key).toBe('errors.esign.minLength');
      expect((await call('GET', '/api/Esign', meiA)).json().data.MinLength).toBe(6);
    });

    it('saves the settings with an operation-log row, read by members of the organisation only', async () => {
      const response = await save(adminA, settings({ Strength: 'strong', MinLength: 8 }));
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ Strength: 'strong', MinLength: 8 });
      expect(await logs(orgA)).toEqual([
        {
          content: expect.stringContaining('strength: strong; minimum length: 8'),
          operator_name: 'Lab A Admin',
        },
      ]);
      expect((await call('GET', '/api/Esign', meiA)).json().data.Strength).toBe('strong');
      expect((await call('GET', '/api/Esign', memberB)).json().data.Strength).toBe('medium');
    });
  });

  describe('POST /api/Esign/verifyLoginPassword/{id}', () => {
    it('accepts the own login password and refuses a wrong one as a field error', async () => {
      const url = `/api/Esign/verifyLoginPassword/${meiA.id}`;
      expect((await call('POST', url, meiA, { LoginPassword: TEST_PASSWORD })).statusCode).toBe(200);
      const wrong = await call('POST', url, meiA, { LoginPassword: 'nope-nope' }, '10.9.0.1');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toMatchObject({
        key: 'errors.password.oldWrong',
        params: { field: 'LoginPassword' },
      });
    });

    it("refuses another member's id, also of another organisation (403)", async () => {
      for (const id of [boA.id, memberB.id]) {
        const response = await call('POST', `/api/Esign/verifyLoginPassword/${id}`, meiA, {
          LoginPassword: TEST_PASSWORD,
        });
        expect(response.statusCode).toBe(403);
      }
    });
  });

  describe('POST /api/Esign/Modify/{id}', () => {
    const body = (Password: string, changes: object = {}) => ({
      LoginPassword: TEST_PASSWORD,
      Password,
      ConfirmPassword: Password,
      ...changes,
    });

    it.each([
      ['equal to the login password', TEST_PASSWORD, {}, 'errors.esign.sameAsLogin'],
      ['shorter than the minimum', 'Ab1!x', {}, 'errors.esign.tooShort'],
      ['weaker than the strength', 'abcdefgh12', {}, 'errors.esign.weak'],
      ['not confirmed', SIGNATURE, { ConfirmPassword: `${SIGNATURE}?` }, 'errors.esign.mismatch'],
      [
        'with a wrong login password',
        SIGNATURE,
        { LoginPassword: 'wrong-login' },
        'errors.password.oldWrong',
      ],
    ])('refuses a signature password %s, nothing saved', async (_case, password, changes, key) => {
      const response = await modify(meiA, body(password, changes));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.key).toBe(key);
      expect((await call('GET', '/api/Esign', meiA)).json().data.Mode).toBe('none');
    });

    it('sets a separate password, never answering a hash', async () => {
      const response = await modify(meiA, body(SIGNATURE));
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ Mode: 'separate', HasPassword: true });
      const read = await call('GET', '/api/Esign', meiA);
      for (const text of [response.body, read.body]) {
        expect(text).not.toContain('$argon2');
        expect(text).not.toContain(SIGNATURE);
      }
      const row = await t.database.db
        .selectFrom('account_esign')
        .select('password_hash')
        .where('account_id', '=', meiA.id)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
    });

    it('refuses a new login password equal to the signature password, nothing changed', async () => {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/Account/Password/Modify',
        headers: { ...t.signed(), cookie: meiA.cookie },
        payload: { OldPassword: TEST_PASSWORD, NewPassword: SIGNATURE, ConfirmPassword: SIGNATURE },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        key: 'errors.esign.loginSameAsSignature',
        params: { field: 'NewPassword' },
      });
      expect((await signIn(t, 'mei@es-a.example')).response.statusCode).toBe(200);
    });

    it("refuses another member's id (403) and keeps organisation B apart", async () => {
      expect((await modify(meiA, body(SIGNATURE), memberB.id)).statusCode).toBe(403);
      expect((await modify(adminB, body(SIGNATURE), meiA.id)).statusCode).toBe(403);
      expect((await call('GET', '/api/Esign', memberB)).json().data.Mode).toBe('none');
    });
  });

  describe('POST /api/EnableAssociatedLoginPassword/{id}', () => {
    it('refuses while the organisation does not allow it, then signs with the login password', async () => {
      const url = `/api/EnableAssociatedLoginPassword/${boA.id}`;
      const refused = await call('POST', url, boA, { LoginPassword: TEST_PASSWORD });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.key).toBe('errors.esign.sameAsLoginNotAllowed');

      await save(adminA, settings({ Strength: 'strong', MinLength: 8, AllowSameAsLogin: true }));
      const allowed = await call('POST', url, boA, { LoginPassword: TEST_PASSWORD });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json().data).toMatchObject({ Mode: 'login', HasPassword: true });
      expect((await verify(boA, TEST_PASSWORD)).json().data).toEqual({ Verified: true });

      await save(adminA, settings({ Strength: 'strong', MinLength: 8, AllowSameAsLogin: false }));
      expect((await call('GET', '/api/Esign', boA)).json().data.Mode).toBe('none');
      expect((await verify(boA, TEST_PASSWORD)).json().error.key).toBe('errors.esign.notSet');
    });
  });

  describe('POST /api/VerifyEsignPassword/{id}', () => {
    it('verifies the right signature password and refuses the login password', async () => {
      expect((await verify(meiA, SIGNATURE)).statusCode).toBe(200);
      expect(
        (await call('POST', `/api/esign/verifyesignpassword/${meiA.id}`, meiA, { Password: SIGNATURE }))
          .statusCode,
      ).toBe(200);
      const login = await verify(meiA, TEST_PASSWORD);
      expect(login.statusCode).toBe(400);
      expect(login.json().error.key).toBe('errors.esign.wrong');
      expect((await verify(meiA, SIGNATURE)).statusCode).toBe(200);
    });

    it("refuses another member's id (403)", async () => {
      expect((await verify(meiA, SIGNATURE, '10.0.0.1', memberB.id)).statusCode).toBe(403);
      expect((await verify(memberB, SIGNATURE, '10.0.0.1', meiA.id)).statusCode).toBe(403);
    });

    it('locks signing after 5 wrong passwords in a row, even for the right one, until 30 minutes pass', async () => {
      const answers = [];
      for (let i = 0; i < 5; i += 1) answers.push(await verify(meiA, `Wrong${i}!abc`, '10.0.1.1'));
      expect(answers.map((a) => a.statusCode)).toEqual([400, 400, 400, 400, 429]);
      expect(answers.map((a) => a.json().error.key)).toEqual([
        'errors.esign.wrong',
        'errors.esign.wrong',
        'errors.esign.wrongRemaining',
        'errors.esign.wrongRemaining',
        'errors.esign.locked',
      ]);
      const right = await verify(meiA, SIGNATURE, '10.0.1.2');
      expect(right.statusCode).toBe(429);
      expect(right.json().error).toMatchObject({ key: 'errors.esign.locked', params: { minutes: 30 } });
      expect((await call('GET', '/api/Esign', meiA)).json().data).toMatchObject({ Locked: true });

      t.clock.advance(ESIGN_LOCK_MS + 1000);
      expect((await verify(meiA, SIGNATURE, '10.0.1.3')).statusCode).toBe(200);
      expect((await call('GET', '/api/Esign', meiA)).json().data).toMatchObject({
        Locked: false,
        LockedUntil: null,
      });
      // The count starts again: one wrong password is not a lock.
      expect((await verify(meiA, 'Wrong!abc1', '10.0.1.3')).json().error.key).toBe('errors.esign.wrong');
    });

    it("is unlocked with the account by an administrator's unlock", async () => {
      for (let i = 0; i < 5; i += 1) await verify(meiA, `Wrong${i}!abc`, '10.0.4.1');
      expect((await verify(meiA, SIGNATURE, '10.0.4.2')).statusCode).toBe(429);
      expect((await call('PUT', `/api/account/resetPwdLock/${meiA.id}`, adminA)).statusCode).toBe(200);
      expect((await verify(meiA, SIGNATURE, '10.0.4.2')).statusCode).toBe(200);
    });

    it('limits the wrong passwords from one address across members (429)', async () => {
      for (const who of extra) {
        expect(
          (
            await modify(who, {
              LoginPassword: TEST_PASSWORD,
              Password: SIGNATURE,
              ConfirmPassword: SIGNATURE,
            })
          ).statusCode,
        ).toBe(200);
      }
      const statuses = [];
      for (const who of extra)
        for (let i = 0; i < 4; i += 1)
          statuses.push((await verify(who, 'Wrong!abc1', '10.0.2.1')).statusCode);
      expect(statuses.every((status) => status === 400)).toBe(true);
      const limited = await verify(extra[0], SIGNATURE, '10.0.2.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.key).toBe('errors.login.tooManyAttempts');
      expect((await verify(extra[0], SIGNATURE, '10.0.2.2')).statusCode).toBe(200);
    });

    it('refuses when the organisation switched signatures off (409)', async () => {
      await save(adminA, settings({ Enabled: false }));
      const response = await verify(meiA, SIGNATURE, '10.0.3.1');
      expect(response.statusCode).toBe(409);
      expect(response.json().error.key).toBe('errors.esign.disabled');
      await save(adminA, settings());
    });
  });

  describe('menu access', () => {
    it("refuses the signature page's changes once administrators hide it from members, but products still verify", async () => {
      const saveMenus = (Codes: string[]) =>
        call('POST', '/api/Menu/user/save', adminA, { RoleType: 'member', Codes });
      expect((await saveMenus(['info', 'person', 'password', 'loginLog'])).json().code).toBe(100);
      const refused = await modify(boA, {
        LoginPassword: TEST_PASSWORD,
        Password: SIGNATURE,
        ConfirmPassword: SIGNATURE,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.key).toBe('errors.auth.noPermission');
      expect((await verify(meiA, SIGNATURE, '10.0.5.1')).statusCode).toBe(200);
      expect((await saveMenus(['info', 'person', 'password', 'loginLog', 'signature'])).json().code).toBe(
        100,
      );
    });
  });

  it('files its changes under System settings, whose tab makes them, not under the password policy', async () => {
    const modules = await t.database.db
      .selectFrom('operation_logs')
      .select('module')
      .distinct()
      .where('org_id', '=', orgA)
      .where('content', 'like', 'Set the electronic signature%')
      .execute();
    expect(modules).toEqual([{ module: 'systemSetting' }]);
  });
});

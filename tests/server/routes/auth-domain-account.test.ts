import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LdapSetting } from '../../../domain/schemas/ldap';
import { CLI_OPERATOR } from '../../../server/core/operator';
import { createOutboundGuard } from '../../../server/security/outbound-guard';
import { saveLdapSetting } from '../../../server/services/ldap-settings-service';
import { saveSecondaryVerificationMode } from '../../../server/services/secondary-verification-service';
import { freePort } from '../../helpers/free-port';
import {
  DIRECTORY_SUFFIX,
  PEOPLE_DN,
  slapdAvailable,
  startDirectory,
  type TestDirectory,
} from '../../helpers/ldap-server';
import {
  answeredCaptcha,
  createTestApp,
  createTestOrganization,
  signIn,
  type TestApp,
  TEST_PASSWORD,
} from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

const hasSlapd = slapdAvailable();

/** The directory's people: some have portal accounts already, some do not. */
const PEOPLE = [
  { uid: 'alice', password: 'alice-dir-pw', cn: 'Alice Liddell', mail: 'alice@lab.test' },
  {
    uid: 'bob',
    password: 'bob-dir-pw',
    cn: 'Bob Builder',
    mail: 'Bob@Lab.test',
    mobile: '+86 139-0000-0022',
  },
  { uid: 'carol', password: 'carol-dir-pw', cn: 'Carol', mobile: '139 0000 0033' },
  { uid: 'erin', password: 'erin-dir-pw', cn: 'Erin', mail: 'erin@lab.test' },
  { uid: 'frank', password: 'frank-dir-pw', cn: 'Frank', mail: 'frank@lab.test' },
  { uid: 'grace', password: 'grace-dir-pw', cn: 'Grace', mail: 'grace@other.test' },
  { uid: 'star*', password: 'star-dir-pw', cn: 'Star', mail: 'star@lab.test' },
  { uid: 'starling', password: 'starling-dir-pw', cn: 'Starling', mail: 'starling@lab.test' },
  { uid: 'eve)(uid=*', password: 'eve-dir-pw', cn: 'Eve', mail: 'eve@lab.test' },
];

let directory: TestDirectory;
beforeAll(async () => {
  if (hasSlapd) directory = await startDirectory(PEOPLE);
});
afterAll(() => directory?.stop());

describe.skipIf(!hasSlapd).each(engines())('domain-account sign-in (LoginType 1) on %s', (engine) => {
  let t: TestApp;
  let labOrg: number;
  let otherOrg: number;
  let aliceId: number;
  let carolId: number;
  let setting: LdapSetting;
  /** Lines of the development outbox: the reset codes it "sent". */
  const outbox: string[] = [];

  /** A domain-account sign-in through the API, from 127.0.0.1 unless `ip` is given. */
  const domainSignIn = (
    account: string,
    password: string,
    extra: Record<string, unknown> = {},
    ip?: string,
  ) => signIn(t, account, password, { loginType: 1, ...extra }, { ip });

  const configure = (orgId: number, changes: Partial<LdapSetting>) =>
    saveLdapSetting(
      { db: t.database.db, orgId, operator: CLI_OPERATOR, now: t.clock.now() },
      { ...setting, ...changes },
      createOutboundGuard(t.config.outbound),
    );

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      // The test directory listens on loopback: allowed here as an operator would allow a directory on
      // the same machine.
      { LDAP_TIMEOUT_MS: '500', OUTBOUND_ALLOW_HOSTS: '127.0.0.1' },
      { devOutbox: (line) => outbox.push(line), captchaText: () => 'ACDE' },
    );
    const lab = await createTestOrganization(t, 'Lab', {
      admin: { account: 'admin@lab.example' },
      members: [
        { realName: 'Alice (portal)', account: 'alice@lab.test' },
        { realName: 'Carol (portal)', account: '13900000033' },
        { realName: 'Starling (portal)', account: 'starling@lab.test' },
      ],
    });
    labOrg = lab.orgId;
    [aliceId, carolId] = [lab.members[0].id, lab.members[1].id];
    const other = await createTestOrganization(t, 'Other', {
      admin: { account: 'admin@other.example' },
      members: [{ realName: 'Grace (other org)', account: 'grace@other.test' }],
    });
    otherOrg = other.orgId;
    setting = {
      url: directory.url,
      startTls: false,
      tlsCa: '',
      tlsSkipVerify: false,
      userDnTemplate: `uid={username},${PEOPLE_DN}`,
      baseDn: DIRECTORY_SUFFIX,
      filter: '(uid={username})',
      nameAttribute: 'cn',
      mailAttribute: 'mail',
      mobileAttribute: 'mobile',
      domains: ['lab.test', 'LAB'],
      provision: true,
      enabled: true,
    };
    await configure(labOrg, {});
  });
  afterAll(() => t.close());

  it('signs a directory user in with the right password, linked to the portal account with its mail', async () => {
    const { response, cookie } = await domainSignIn('alice@lab.test', 'alice-dir-pw');
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.LoginType).toBe(1);
    expect(data.AccountInfo).toMatchObject({
      ID: aliceId,
      Account: 'alice@lab.test',
      RealName: 'Alice (portal)',
    });
    expect(data.PwdInfo).toEqual({ MustChange: false, Reason: null });
    const current = await t.app.inject({ method: 'GET', url: '/api/account/current', headers: { cookie } });
    expect(current.json().data.LoginType).toBe(1);
  });

  it('takes DOMAIN\\user and a bare user name when one organisation has LDAP on', async () => {
    for (const name of ['LAB\\alice', 'lab.test\\Alice', 'alice']) {
      const { response } = await domainSignIn(name, 'alice-dir-pw');
      expect(response.statusCode).toBe(200);
      expect(response.json().data.AccountInfo.ID).toBe(aliceId);
    }
  });

  it('no longer signs a linked account in with its local password', async () => {
    const { response } = await signIn(t, 'alice@lab.test', TEST_PASSWORD);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.key).toBe('errors.login.wrongCredentials');
  });

  it('leaves a domain account’s password to the directory: no old-password check, no change, no lock', async () => {
    const { cookie } = await domainSignIn('LAB\\alice', 'alice-dir-pw');
    const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, headers: { ...t.signed(), cookie }, payload });
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const verify = await call('POST', '/api/Account/Password/Verify', { OldPassword: 'alice-dir-pw' });
      expect(verify.statusCode).toBe(400);
      expect(verify.json().error.key).toBe('errors.ldap.notDirectoryAccount');
    }
    const modify = await call('PUT', '/api/Account/Password/Modify', {
      OldPassword: 'alice-dir-pw',
      NewPassword: 'A-new-local-pw-2026',
      ConfirmPassword: 'A-new-local-pw-2026',
    });
    expect(modify.json().error.key).toBe('errors.ldap.notDirectoryAccount');
    expect((await domainSignIn('LAB\\alice', 'alice-dir-pw')).response.statusCode).toBe(200);
  });

  it('stops the reset wizard of a domain account once its code is verified', async () => {
    const ip = '198.51.100.50';
    const captcha = await t.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress: ip });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/Account/ModifyPassword/SendCode',
      headers: t.signed(),
      remoteAddress: ip,
      payload: {
        account: 'alice@lab.test',
        codeType: 2,
        captchaId: captcha.json().data.CaptchaId,
        validCode: 'ACDE',
      },
    });
    expect(sent.statusCode).toBe(200);
    const code = /code (\d{6}) for alice@lab\.test$/.exec(outbox.at(-1) ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/Account/Code/Verify',
      headers: t.signed(),
      remoteAddress: ip,
      payload: { Account: 'alice@lab.test', VerificationCode: code },
    });
    expect(verified.statusCode).toBe(400);
    expect(verified.json().error.key).toBe('errors.ldap.notDirectoryAccount');
  });

  it('refuses a wrong password like a local wrong password, and an unknown directory user the same way', async () => {
    const local = await signIn(t, 'someone@lab.example', 'not-the-password');
    const wrong = await domainSignIn('LAB\\alice', 'not-the-password');
    const unknown = await domainSignIn('LAB\\nobody', 'not-the-password');
    expect(wrong.response.statusCode).toBe(401);
    expect(unknown.response.statusCode).toBe(401);
    expect(wrong.response.json()).toEqual(local.response.json());
    expect(unknown.response.json()).toEqual(local.response.json());
    expect(wrong.cookie).toBe('');
  });

  it('writes login-log rows for domain sign-ins as for password sign-ins', async () => {
    const rows = await t.database.db
      .selectFrom('login_logs')
      .select(['org_id', 'account_id', 'account', 'success', 'reason'])
      .where('account', 'like', `ldap:${labOrg}:%`)
      .orderBy('id')
      .execute();
    expect(rows.some((row) => row.success === 1 && Number(row.account_id) === aliceId)).toBe(true);
    expect(rows).toContainEqual(
      expect.objectContaining({
        account: `ldap:${labOrg}:nobody`,
        success: 0,
        reason: 'errors.login.wrongCredentials',
      }),
    );
  });

  it('does not let filter or DN syntax in the name reach other directory users', async () => {
    for (const name of ['*', 'LAB\\*', ')(uid=*', 'LAB\\alice)(uid=*', 'LAB\\star\\2a', 'alice,ou=people']) {
      const { response } = await domainSignIn(name, 'alice-dir-pw', {}, '192.0.2.31');
      expect(response.statusCode).toBe(401);
    }
    // star* reads its own entry (an unescaped filter would also match starling and link to its account).
    const star = await domainSignIn('LAB\\star*', 'star-dir-pw');
    expect(star.response.json().data.AccountInfo).toMatchObject({
      Account: 'star@lab.test',
      RealName: 'Star',
    });
    // A name made of filter syntax is a name like any other once escaped.
    const eve = await domainSignIn('LAB\\eve)(uid=*', 'eve-dir-pw');
    expect(eve.response.json().data.AccountInfo).toMatchObject({ Account: 'eve@lab.test', RealName: 'Eve' });
  });

  it('refuses an empty password before anything reaches the directory', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/loginV2',
      headers: t.signed(),
      payload: { account: 'LAB\\alice', password: '', agreed: true, loginType: 1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.key).toBe('errors.login.passwordRequired');
  });

  it('provisions a domain account at the first sign-in when the setting says so', async () => {
    const { response } = await domainSignIn('bob@lab.test', 'bob-dir-pw');
    expect(response.statusCode).toBe(200);
    const info = response.json().data;
    expect(info).toMatchObject({ LoginType: 1, OrgID: labOrg });
    expect(info.AccountInfo).toMatchObject({
      RealName: 'Bob Builder',
      Email: 'bob@lab.test',
      MobilePhone: '13900000022',
    });
    const row = await t.database.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', info.AccountInfo.ID)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ login_type: 1, password_hash: '', is_org_admin: 0 });
    // The provisioned account has no local password to sign in with.
    expect((await signIn(t, 'bob@lab.test', '')).response.statusCode).toBe(400);
    expect((await signIn(t, 'bob@lab.test', 'bob-dir-pw')).response.statusCode).toBe(401);
    // The next sign-in finds the same account.
    expect((await domainSignIn('LAB\\BOB', 'bob-dir-pw')).response.json().data.AccountInfo.ID).toBe(
      info.AccountInfo.ID,
    );
  });

  it('links a portal account by the mobile number the directory holds', async () => {
    const { response } = await domainSignIn('LAB\\carol', 'carol-dir-pw');
    expect(response.json().data.AccountInfo).toMatchObject({ ID: carolId, MobilePhone: '13900000033' });
  });

  it('refuses a directory user without an account when provisioning is off, and creates nothing', async () => {
    await configure(labOrg, { provision: false });
    const { response } = await domainSignIn('LAB\\frank', 'frank-dir-pw');
    expect(response.statusCode).toBe(403);
    expect(response.json().error.key).toBe('errors.ldap.noAccount');
    const frank = await t.database.db
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', 'frank@lab.test')
      .executeTakeFirst();
    expect(frank).toBeUndefined();
    await configure(labOrg, {});
  });

  it("refuses to link to another organisation's account with the same mail", async () => {
    const { response } = await domainSignIn('LAB\\grace', 'grace-dir-pw');
    expect(response.statusCode).toBe(403);
    expect(response.json().error.key).toBe('errors.ldap.noAccount');
  });

  it('locks a linked account after five wrong directory passwords, like a password account, until unlocked', async () => {
    const first = await domainSignIn('LAB\\erin', 'erin-dir-pw');
    expect(first.response.statusCode).toBe(200);
    const erinId = first.response.json().data.AccountInfo.ID;
    const answers = [];
    const ip = '192.0.2.32';
    // From the fourth try the name needs the image captcha, as a password account's does.
    const captcha = async (attempt: number) => (attempt < 3 ? {} : answeredCaptcha(t, 'ACDE', ip));
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { response } = await domainSignIn('LAB\\erin', 'wrong', await captcha(attempt), ip);
      answers.push(response.json().error.key);
    }
    expect(answers).toEqual([
      'errors.login.wrongCredentials',
      'errors.login.wrongCredentials',
      'errors.login.wrongCredentialsRemaining',
      'errors.login.wrongCredentialsRemaining',
      'errors.login.locked',
    ]);
    const right = await domainSignIn('LAB\\erin', 'erin-dir-pw', await captcha(5), ip);
    expect(right.response.statusCode).toBe(403);
    expect(right.response.json().error.key).toBe('errors.login.locked');

    // The administrator's unlock forgets the directory name's failures too: the count starts again.
    const admin = await signIn(t, 'admin@lab.example');
    const unlock = await t.app.inject({
      method: 'PUT',
      url: `/api/account/resetPwdLock/${erinId}`,
      headers: { ...t.signed(), cookie: admin.cookie },
    });
    expect(unlock.statusCode).toBe(200);
    expect((await domainSignIn('LAB\\erin', 'wrong', {}, ip)).response.json().error.key).toBe(
      'errors.login.wrongCredentials',
    );
    expect((await domainSignIn('LAB\\erin', 'erin-dir-pw', {}, ip)).response.statusCode).toBe(200);
  });

  it('shares the per-address limit with password sign-in', async () => {
    // Each attempt answers a captcha: past ten failures the address needs one, and only the twentieth stops it.
    const from = (remoteAddress: string) => async (account: string, password: string, loginType: 0 | 1) =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/loginV2',
        remoteAddress,
        headers: t.signed(),
        payload: {
          account,
          password,
          agreed: true,
          loginType,
          ...(await answeredCaptcha(t, 'ACDE', remoteAddress)),
        },
      });
    const attempt = from('192.0.2.77');
    for (let index = 0; index < 10; index += 1) {
      await attempt(`spray${index}@lab.example`, 'wrong', 0);
      await attempt(`LAB\\spray${index}`, 'wrong', 1);
    }
    const blocked = await attempt('LAB\\alice', 'alice-dir-pw', 1);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.key).toBe('errors.login.tooManyAttempts');
    expect((await from('192.0.2.78')('LAB\\alice', 'alice-dir-pw', 1)).statusCode).toBe(200);
  });

  it('answers an unknown domain and, with two organisations on LDAP, a bare name with what to type', async () => {
    const unknown = await domainSignIn('alice@nowhere.test', 'alice-dir-pw');
    expect(unknown.response.statusCode).toBe(400);
    expect(unknown.response.json().error).toEqual({
      key: 'errors.ldap.unknownDomain',
      params: { domain: 'nowhere.test' },
    });

    await configure(otherOrg, { domains: ['other.test'] });
    const bare = await domainSignIn('alice', 'alice-dir-pw');
    expect(bare.response.statusCode).toBe(400);
    expect(bare.response.json().error.key).toBe('errors.ldap.domainRequired');
    expect((await domainSignIn('LAB\\alice', 'alice-dir-pw')).response.statusCode).toBe(200);
    await configure(otherOrg, { domains: ['other.test'], enabled: false });
  });

  it('answers 503 with a clear message when the directory is down or silent, without counting a failure', async () => {
    await configure(labOrg, { url: `ldap://127.0.0.1:${await freePort()}` });
    const down = await domainSignIn('LAB\\alice', 'alice-dir-pw');
    expect(down.response.statusCode).toBe(503);
    expect(down.response.json()).toMatchObject({
      error: { key: 'errors.ldap.unavailable' },
      message: '暂时无法连接域服务器，请稍后再试或联系管理员',
    });

    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    await configure(labOrg, { url: `ldap://127.0.0.1:${(silent.address() as net.AddressInfo).port}` });
    const hanging = await domainSignIn('LAB\\alice', 'alice-dir-pw');
    expect(hanging.response.statusCode).toBe(503);
    silent.close();

    await configure(labOrg, {});
    const failures = await t.database.db
      .selectFrom('auth_failures')
      .select('count')
      .where('key', '=', `account:ldap:${labOrg}:alice`)
      .executeTakeFirst();
    expect(failures?.count ?? 0).toBe(0);
    expect((await domainSignIn('LAB\\alice', 'alice-dir-pw')).response.statusCode).toBe(200);
  });

  it("asks a domain account for its code too when the organisation's security verification is on", async () => {
    await saveSecondaryVerificationMode(
      { db: t.database.db, orgId: labOrg, operator: CLI_OPERATOR, now: t.clock.now() },
      'always',
    );
    const { response, cookie } = await domainSignIn('LAB\\alice', 'alice-dir-pw', {}, '192.0.2.33');
    await saveSecondaryVerificationMode(
      { db: t.database.db, orgId: labOrg, operator: CLI_OPERATOR, now: t.clock.now() },
      'off',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data.SecondaryVerify.Channels).toEqual([
      { CodeType: 2, Masked: 'al****@lab.test' },
    ]);
    expect(cookie).toBe('');
  });

  it('refuses domain sign-in when no organisation has LDAP on', async () => {
    await configure(labOrg, { enabled: false });
    const { response } = await domainSignIn('alice', 'alice-dir-pw');
    expect(response.json().error.key).toBe('errors.ldap.notConfigured');
    await configure(labOrg, {});
  });
});

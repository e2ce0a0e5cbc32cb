import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../domain/constants';
import { ssoSettingSchema } from '../../../domain/schemas/sso';
import { hostIntegrationInputSchema } from '../../../domain/schemas/host-integrations';
import { runBreakGlassCommand } from '../../../server/commands/sso-command';
import { runTrialCommand } from '../../../server/commands/trial-command';
import { CLI_OPERATOR } from '../../../server/core/operator';
import { createRepositories } from '../../../server/repositories';
import { createOutboundGuard } from '../../../server/security/outbound-guard';
import { createSecretBox } from '../../../server/security/secret-box';
import { saveHostIntegration } from '../../../server/services/host-integrations-service';
import { saveLdapSetting } from '../../../server/services/ldap-settings-service';
import { saveSsoSetting, setSsoEnabled, type SsoDeps } from '../../../server/services/sso-settings-service';
import { startSsoFlow } from '../../../server/services/sso-sign-in-service';
import { type HostFakes, startHostFakes } from '../../helpers/host-fakes';
import {
  DIRECTORY_SUFFIX,
  PEOPLE_DN,
  slapdAvailable,
  startDirectory,
  type TestDirectory,
} from '../../helpers/ldap-server';
import { startSsoFakes, type SsoFakes } from '../../helpers/sso-fakes';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

const PORTAL = 'http://portal.test';
const SECRETS_KEY = 'e5'.repeat(32);
const DISABLED = 'errors.sso.passwordSignInDisabled';
const hasSlapd = slapdAvailable();

let directory: TestDirectory | undefined;
beforeAll(async () => {
  if (hasSlapd) {
    directory = await startDirectory([
      { uid: 'ada', password: 'ada-dir-pw', cn: 'Ada', mail: 'ada@acme.test' },
    ]);
  }
});
afterAll(() => directory?.stop());

/**
 * SPEC §4: an organisation that enforces SSO signs its members in through SSO only. Every other way in
 * (password, domain account, chat host, a trial's SMS code) is refused after a right secret, with the same
 * answer; only an administrator's break-glass grant lets one password sign-in through.
 */
describe.each(engines())('enforced SSO on every sign-in path on %s', (engine) => {
  let t: TestApp;
  let idp: SsoFakes;
  let hosts: HostFakes;
  let deps: SsoDeps;
  let acme: number;
  const enforced: number[] = [];
  const outbox: string[] = [];

  /** Applies a CAS configuration, debugs it through the fake CAS server and enables it, as an operator. */
  async function enforce(orgId: number) {
    const setting = ssoSettingSchema.parse({ type: 'cas', casUrl: `${idp.base}/cas`, casVersion: '3.0' });
    await saveSsoSetting(deps, orgId, setting, CLI_OPERATOR, t.clock.now());
    const to = await startSsoFlow(deps, { orgId, purpose: 'debug', accountId: null }, PORTAL, t.clock.now());
    const atIdp = await fetch(to, { redirect: 'manual' });
    const back = new URL(atIdp.headers.get('location')!);
    const done = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(done.headers.location).toBe('/#/layout/sso/auth?debug=done');
    await setSsoEnabled(deps, orgId, true, CLI_OPERATOR, null, t.clock.now());
    enforced.push(orgId);
  }
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { ...t.signed(), 'accept-language': 'en-US' }, payload });
  const lastLogin = () =>
    t.database.db
      .selectFrom('login_logs')
      .select(['success', 'reason', 'account_id'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    idp = await startSsoFakes({
      clientId: 'portal',
      clientSecret: 'x',
      redirectUri: `${PORTAL}/api/sso/callback`,
    });
    hosts = await startHostFakes();
    t = await createTestApp(
      engine,
      { ...hosts.env, PUBLIC_URL: PORTAL, SECRETS_KEY, OUTBOUND_ALLOW_HOSTS: '127.0.0.1' },
      { devOutbox: (line) => outbox.push(line) },
    );
    deps = {
      db: t.database.db,
      repos: createRepositories(t.database.db),
      secrets: createSecretBox(Buffer.from(SECRETS_KEY, 'hex')),
      outbound: createOutboundGuard(t.config.outbound),
    };
    acme = (
      await createTestOrganization(t, 'Acme', {
        admin: { account: 'admin@acme.test' },
        members: [
          { realName: 'Ada', account: 'ada@acme.test' },
          { realName: 'Mo', account: '13900000001' },
        ],
      })
    ).orgId;
  });
  afterEach(async () => {
    for (const orgId of enforced.splice(0)) {
      await setSsoEnabled(deps, orgId, false, CLI_OPERATOR, null, t.clock.now());
    }
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
    await hosts?.close();
  });

  it('password: a right one is refused and logged, a wrong one says only that; break-glass once', async () => {
    expect((await signIn(t, 'ada@acme.test')).response.statusCode).toBe(200);
    await enforce(acme);
    const refused = await signIn(t, 'ada@acme.test');
    expect(refused.response.statusCode).toBe(403);
    expect(refused.response.json().error.key).toBe(DISABLED);
    expect(await lastLogin()).toMatchObject({ success: 0, reason: DISABLED });
    expect((await lastLogin()).account_id).not.toBeNull();
    const wrong = await signIn(t, 'ada@acme.test', 'not-the-password-1');
    expect(wrong.response.json().error.key).toBe('errors.login.wrongCredentials');

    // A wrong password does not use the break-glass grant up; the right one does, once.
    await runBreakGlassCommand(t.database.db, { org: String(acme), account: 'admin@acme.test' }, 0);
    expect((await signIn(t, 'admin@acme.test', 'not-the-password-1')).response.statusCode).toBe(401);
    expect((await signIn(t, 'admin@acme.test')).response.statusCode).toBe(200);
    expect((await signIn(t, 'admin@acme.test')).response.json().error.key).toBe(DISABLED);
  });

  it.skipIf(!hasSlapd)('domain account (LDAP): a right directory password is refused', async () => {
    await saveLdapSetting(
      { db: t.database.db, orgId: acme, operator: CLI_OPERATOR, now: t.clock.now() },
      {
        url: directory!.url,
        startTls: false,
        tlsCa: '',
        tlsSkipVerify: false,
        userDnTemplate: `uid={username},${PEOPLE_DN}`,
        baseDn: DIRECTORY_SUFFIX,
        filter: '(uid={username})',
        nameAttribute: 'cn',
        mailAttribute: 'mail',
        mobileAttribute: 'mobile',
        domains: ['acme.test'],
        provision: false,
        enabled: true,
      },
      deps.outbound,
    );
    const domainSignIn = () => signIn(t, 'ada@acme.test', 'ada-dir-pw', { loginType: 1 });
    expect((await domainSignIn()).response.statusCode).toBe(200);
    await enforce(acme);
    const refused = await domainSignIn();
    expect(refused.response.statusCode).toBe(403);
    expect(refused.response.json().error.key).toBe(DISABLED);
    expect(await lastLogin()).toMatchObject({ success: 0, reason: DISABLED });
    // A break-glass grant is for a password, not for a directory.
    await runBreakGlassCommand(t.database.db, { org: String(acme), account: 'admin@acme.test' }, 0);
    expect((await domainSignIn()).response.json().error.key).toBe(DISABLED);
  });

  it('chat host (DingTalk): a code the platform vouches for is refused', async () => {
    await hosts.dingtalk.addApp({
      appKey: 'ding-acme',
      appSecret: 'ding-secret',
      corpId: 'dingacme',
      agentId: '1',
    });
    await saveHostIntegration(
      { db: t.database.db, orgId: acme, operator: CLI_OPERATOR, now: t.clock.now() },
      deps.secrets,
      hostIntegrationInputSchema.parse({
        platform: 'dingtalk',
        corpId: 'dingacme',
        appKey: 'ding-acme',
        appSecret: 'ding-secret',
        agentId: '1',
        enabled: true,
      }),
    );
    await hosts.dingtalk.addUser({ userId: 'ding-mo', unionId: 'union-mo', mobile: '13900000001' });
    const hostSignIn = async () =>
      post('/api/account/isAuthorizeLogin', {
        platform: 'dingtalk',
        code: await hosts.dingtalk.issueCode('ding-acme', 'ding-mo'),
        corpId: 'dingacme',
      });
    expect((await hostSignIn()).statusCode).toBe(200);
    await enforce(acme);
    const refused = await hostSignIn();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.key).toBe(DISABLED);
    expect(refused.cookies.find((cookie) => cookie.name === 'uc_session')).toBeUndefined();
    expect(await lastLogin()).toMatchObject({ success: 0, reason: DISABLED });
  });

  it('SMS code (trial sign-in): a right code is refused', async () => {
    const mobile = '13911110001';
    const application = await t.database.db
      .insertInto('trial_applications')
      .values({
        name: 'Trial',
        mobile,
        email: 'trial@example.test',
        company: 'Trial Co',
        industry: 'pharmaceutical',
        product: 'ELN',
        message: '',
        language: 'en-US',
        status: 'pending',
        created_at: t.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lines = await runTrialCommand(
      t.database.db,
      'trial:approve',
      { id: String(application.id) },
      t.clock.now(),
      7 * DAY_MS,
    );
    const trialOrg = Number(/organisation (\d+) created/.exec(lines[0])![1]);
    const codeSignIn = async () => {
      t.clock.advance(2 * 60_000);
      expect((await post('/api/TemporaryUser/Trial/SendCode', { mobilePhone: mobile })).statusCode).toBe(200);
      const code = /code (\d{6}) for/.exec(
        outbox.filter((line) => line.endsWith(` for ${mobile}`)).at(-1)!,
      )![1];
      return post('/api/TemporaryUser/Trial/Login', {
        mobilePhone: mobile,
        verificationCode: code,
        agreed: true,
      });
    };
    expect((await codeSignIn()).statusCode).toBe(200);
    await enforce(trialOrg);
    const refused = await codeSignIn();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.key).toBe(DISABLED);
    expect(await lastLogin()).toMatchObject({ success: 0, reason: DISABLED });
  });
});

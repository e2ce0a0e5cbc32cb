import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HostIntegrationInput } from '../../../domain/schemas/host-integrations';
import { hostIntegrationInputSchema } from '../../../domain/schemas/host-integrations';
import { createSecretBox } from '../../../server/security/secret-box';
import { CLI_OPERATOR } from '../../../server/core/operator';
import { saveHostIntegration } from '../../../server/services/host-integrations-service';
import { type HostFakes, startHostFakes } from '../../helpers/host-fakes';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

const SECRETS_KEY = 'a1'.repeat(32);
const TIMEOUT_MS = 1000;

describe.each(engines())('sign-in inside chat hosts on %s', (engine) => {
  let t: TestApp;
  let fakes: HostFakes;
  let acme: number;
  let beta: number;

  /** Saves an integration as an operator would, with the test's secrets key. */
  const integrate = (orgId: number, input: HostIntegrationInput) =>
    saveHostIntegration(
      { db: t.database.db, orgId, operator: CLI_OPERATOR, now: t.clock.now() },
      createSecretBox(Buffer.from(SECRETS_KEY, 'hex')),
      hostIntegrationInputSchema.parse(input),
    );

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { ...t.signed(), ...headers }, payload: payload as object });
  const hostSignIn = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    post('/api/account/isAuthorizeLogin', payload, headers);

  /** Goes through the OAuth page as the person signed in to the host; returns the code and state it gives back. */
  async function oauthRound(body: Record<string, unknown>) {
    const answer = await post('/api/host/authorizeUrl', { redirectUri: 'http://localhost/#/wecom', ...body });
    expect(answer.statusCode).toBe(200);
    const url: string = answer.json().data.url;
    const response = await fetch(url.replace(/#wechat_redirect$/, ''), { redirect: 'manual' });
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get('location')!);
    return { url, code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
  }

  const sessionCookieOf = (response: { cookies: Array<{ name: string; value: string }> }) => {
    const session = response.cookies.find((cookie) => cookie.name === 'uc_session');
    return session ? `uc_session=${session.value}` : '';
  };

  beforeAll(async () => {
    fakes = await startHostFakes();
    t = await createTestApp(engine, {
      ...fakes.env,
      SECRETS_KEY,
      HOST_API_TIMEOUT_MS: String(TIMEOUT_MS),
    });
    acme = (
      await createTestOrganization(t, 'Acme Lab', {
        admin: { account: 'admin@acme.test' },
        members: [
          { realName: 'Alice', account: '13900000001' },
          { realName: 'Bob', account: 'bob@acme.test' },
          { realName: 'Dora', account: 'dora@acme.test' },
        ],
      })
    ).orgId;
    beta = (
      await createTestOrganization(t, 'Beta Lab', {
        admin: { account: 'admin@beta.test' },
        members: [{ realName: 'Carol', account: '13900000009' }],
      })
    ).orgId;

    await fakes.dingtalk.addApp({
      appKey: 'ding-acme',
      appSecret: 'ding-acme-secret',
      corpId: 'dingacme',
      agentId: '101',
    });
    await fakes.dingtalk.addApp({
      appKey: 'ding-beta',
      appSecret: 'ding-beta-secret',
      corpId: 'dingbeta',
      agentId: '201',
    });
    await fakes.feishu.addApp({ appId: 'cli_acme', appSecret: 'feishu-acme-secret' });
    await fakes.wecom.addApp({ corpId: 'wwacme', agentId: '1000002', secret: 'wecom-acme-secret' });
    await fakes.wechat.addApp({ appId: 'wxacme', secret: 'wechat-acme-secret' });
    await fakes.wechat.addApp({ appId: 'wxbeta', secret: 'wechat-beta-secret' });

    await integrate(acme, {
      platform: 'dingtalk',
      corpId: 'dingacme',
      appKey: 'ding-acme',
      appSecret: 'ding-acme-secret',
      agentId: '101',
      enabled: true,
    });
    await integrate(beta, {
      platform: 'dingtalk',
      corpId: 'dingbeta',
      appKey: 'ding-beta',
      appSecret: 'ding-beta-secret',
      agentId: '201',
      enabled: true,
    });
    await integrate(acme, {
      platform: 'feishu',
      corpId: 'cli_acme',
      appSecret: 'feishu-acme-secret',
      enabled: true,
    });
    await integrate(acme, {
      platform: 'wecom',
      corpId: 'wwacme',
      appSecret: 'wecom-acme-secret',
      agentId: '1000002',
      enabled: true,
    });
    await integrate(acme, {
      platform: 'wechat',
      corpId: 'wxacme',
      appSecret: 'wechat-acme-secret',
      enabled: true,
    });
    await integrate(beta, {
      platform: 'wechat',
      corpId: 'wxbeta',
      appSecret: 'wechat-beta-secret',
      enabled: true,
    });
  });
  afterAll(async () => {
    await t.close();
    await fakes.close();
  });
  beforeEach(() => fakes.reset());

  describe('POST /api/account/isAuthorizeLogin', () => {
    it('signs a DingTalk user in as the account with their mobile number, like a password sign-in', async () => {
      await fakes.dingtalk.addUser({ userId: 'ding-alice', unionId: 'union-alice', mobile: '13900000001' });
      const code = await fakes.dingtalk.issueCode('ding-acme', 'ding-alice');
      const response = await hostSignIn({ platform: 'dingtalk', code, corpId: 'dingacme', autoLogin: true });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.code).toBe(100);
      expect(body.data.AccountInfo).toMatchObject({ RealName: 'Alice', Account: '13900000001' });
      expect(body.data.OrgName).toBe('Acme Lab');
      expect(body.data.autoLogin).toBe(true);
      expect(body.data.ExpiredTime).toBe(t.clock.now() + 5 * 24 * 3600 * 1000);
      const session = response.cookies.find((cookie) => cookie.name === 'uc_session')!;
      expect(session.maxAge).toBe(86400);
      expect(response.cookies.some((cookie) => cookie.name === 'AccountInfo')).toBe(true);

      const current = await t.app.inject({
        method: 'GET',
        url: '/api/account/current',
        headers: { cookie: sessionCookieOf(response) },
      });
      expect(current.json().data.AccountInfo.RealName).toBe('Alice');
      const log = await t.database.db
        .selectFrom('login_logs')
        .selectAll()
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(log).toMatchObject({
        login_client: 'dingtalk',
        success: 1,
        account: `dingtalk:${acme}:ding-alice`,
      });
      const binding = await t.database.db
        .selectFrom('host_bindings')
        .selectAll()
        .where('host_user_id', '=', 'ding-alice')
        .executeTakeFirstOrThrow();
      expect(binding).toMatchObject({ platform: 'dingtalk', union_id: 'union-alice' });
      const exchanges = await fakes.dingtalk.requests('/topapi/v2/user/getuserinfo');
      expect(exchanges.map((request) => request.body)).toEqual([{ code }]);
    });

    it('finds the stored binding before the mobile number or email', async () => {
      // Bound to Alice at her first sign-in; her DingTalk number changed since, to Bob's-free one.
      await fakes.dingtalk.addUser({ userId: 'ding-alice', unionId: 'union-alice', mobile: '13700000000' });
      const code = await fakes.dingtalk.issueCode('ding-acme', 'ding-alice');
      const response = await hostSignIn({ platform: 'dingtalk', code, corpId: 'dingacme' });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.AccountInfo.RealName).toBe('Alice');
      expect(response.cookies.find((cookie) => cookie.name === 'uc_session')!.maxAge).toBeUndefined();
    });

    it('signs a Feishu user in by email, exchanging the code with the app token', async () => {
      await fakes.feishu.addUser({ userId: 'fs-bob', email: 'Bob@Acme.test', mobile: '+8613700000001' });
      const code = await fakes.feishu.issueCode('cli_acme', 'fs-bob');
      const response = await hostSignIn({ platform: 'feishu', code, appId: 'cli_acme' });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.AccountInfo.RealName).toBe('Bob');
      const [exchange] = await fakes.feishu.requests('/open-apis/authen/v1/oidc/access_token');
      expect(exchange.authorization).toMatch(/^Bearer a-/);
      expect(exchange.body).toEqual({ grant_type: 'authorization_code', code });
    });

    it('signs a WeCom member in through the OAuth page, with mobile and email from getuserdetail', async () => {
      await fakes.wecom.addUser({ userId: 'dora', email: 'dora@acme.test' });
      await fakes.oauth.signInAs('wwacme', 'dora');
      const { url, code, state } = await oauthRound({
        platform: 'wecom',
        corpId: 'wwacme',
        agentId: '1000002',
      });
      expect(url).toMatch(
        new RegExp(
          `^${fakes.urls.weixinOauth}/connect/oauth2/authorize\\?appid=wwacme&redirect_uri=http%3A%2F%2Flocalhost%2F%23%2Fwecom` +
            '&response_type=code&scope=snsapi_privateinfo&state=\\d+x[0-9a-f]{40}&agentid=1000002#wechat_redirect$',
        ),
      );
      const response = await hostSignIn({ platform: 'wecom', code, corpId: 'wwacme', state });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.AccountInfo.RealName).toBe('Dora');
      expect(await fakes.wecom.requests('/cgi-bin/auth/getuserdetail')).toHaveLength(1);
    });

    it('finds the integration by the state alone when the entry lost its corp id', async () => {
      await fakes.oauth.signInAs('wwacme', 'dora');
      const { code, state } = await oauthRound({ platform: 'wecom', corpId: 'wwacme' });
      const response = await hostSignIn({ platform: 'wecom', code, state });
      expect(response.statusCode).toBe(200);
    });

    it('never signs anyone into another organisation: mobile numbers match only within the organisation', async () => {
      // Carol's number belongs to Beta Lab; the person signs in through Acme's DingTalk app.
      await fakes.dingtalk.addUser({ userId: 'ding-stranger', mobile: '13900000009' });
      const code = await fakes.dingtalk.issueCode('ding-acme', 'ding-stranger');
      const response = await hostSignIn({ platform: 'dingtalk', code, corpId: 'dingacme' });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.key).toBe('errors.host.noAccount');
      expect(sessionCookieOf(response)).toBe('');
    });

    it("refuses a code of another organisation's app, and signs it in only where it belongs", async () => {
      await fakes.dingtalk.addUser({ userId: 'ding-carol', mobile: '13900000009' });
      const code = await fakes.dingtalk.issueCode('ding-beta', 'ding-carol');
      const wrongOrg = await hostSignIn({ platform: 'dingtalk', code, corpId: 'dingacme' });
      expect(wrongOrg.statusCode).toBe(401);
      expect(wrongOrg.json().error.key).toBe('errors.host.codeRejected');
      const rightOrg = await hostSignIn({ platform: 'dingtalk', code, corpId: 'dingbeta' });
      expect(rightOrg.statusCode).toBe(200);
      expect(rightOrg.json().data.OrgName).toBe('Beta Lab');
    });

    it('keeps the token in the database, refetches it once after an expired-token answer and retries', async () => {
      await fakes.dingtalk.addUser({ userId: 'ding-alice', mobile: '13900000001' });
      const first = await hostSignIn({
        platform: 'dingtalk',
        code: await fakes.dingtalk.issueCode('ding-acme', 'ding-alice'),
        corpId: 'dingacme',
      });
      expect(first.statusCode).toBe(200);
      // The token cached by earlier sign-ins is used: no token request at all.
      expect(await fakes.dingtalk.requests('/v1.0/oauth2/accessToken')).toHaveLength(0);

      await fakes.dingtalk.expireTokens();
      const code = await fakes.dingtalk.issueCode('ding-acme', 'ding-alice');
      const second = await hostSignIn({ platform: 'dingtalk', code, corpId: 'dingacme' });
      expect(second.statusCode).toBe(200);
      expect(await fakes.dingtalk.requests('/v1.0/oauth2/accessToken')).toHaveLength(1);
      const exchanges = await fakes.dingtalk.requests('/topapi/v2/user/getuserinfo');
      // The first sign-in's exchange, then the refused one with the expired token and the retry.
      expect(exchanges).toHaveLength(3);
      expect(exchanges[1].query.access_token).toBe(exchanges[0].query.access_token);
      expect(exchanges[2].query.access_token).not.toBe(exchanges[1].query.access_token);
    });

    it('refreshes the token before it expires', async () => {
      await fakes.dingtalk.addUser({ userId: 'ding-alice', mobile: '13900000001' });
      const signInOnce = async () =>
        hostSignIn({
          platform: 'dingtalk',
          code: await fakes.dingtalk.issueCode('ding-acme', 'ding-alice'),
          corpId: 'dingacme',
        });
      expect((await signInOnce()).statusCode).toBe(200);
      t.clock.advance(7200 * 1000 - 4 * 60 * 1000);
      expect((await signInOnce()).statusCode).toBe(200);
      expect(await fakes.dingtalk.requests('/v1.0/oauth2/accessToken')).toHaveLength(1);
    });

    it('fetches a missing token once for sign-ins that need it at the same moment', async () => {
      await fakes.dingtalk.addUser({ userId: 'ding-alice', mobile: '13900000001' });
      await t.database.db.deleteFrom('host_tokens').execute();
      await fakes.dingtalk.setDelay(60);
      const codes = await Promise.all(
        [1, 2, 3].map(() => fakes.dingtalk.issueCode('ding-acme', 'ding-alice')),
      );
      const answers = await Promise.all(
        codes.map((code) => hostSignIn({ platform: 'dingtalk', code, corpId: 'dingacme' })),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      expect(await fakes.dingtalk.requests('/v1.0/oauth2/accessToken')).toHaveLength(1);
    });

    it('fetches a new token when the cached one was sealed under another key', async () => {
      await fakes.dingtalk.addUser({ userId: 'ding-alice', mobile: '13900000001' });
      const foreign = createSecretBox(Buffer.alloc(32, 1)).seal('old-token', 'elsewhere');
      await t.database.db.updateTable('host_tokens').set({ token: foreign }).execute();
      const code = await fakes.dingtalk.issueCode('ding-acme', 'ding-alice');
      expect((await hostSignIn({ platform: 'dingtalk', code, corpId: 'dingacme' })).statusCode).toBe(200);
      expect(await fakes.dingtalk.requests('/v1.0/oauth2/accessToken')).toHaveLength(1);
    });

    it('refuses a wrong code and a code used before', async () => {
      await fakes.feishu.addUser({ userId: 'fs-bob', email: 'bob@acme.test' });
      const wrong = await hostSignIn({ platform: 'feishu', code: 'not-a-code', appId: 'cli_acme' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error.key).toBe('errors.host.codeRejected');
      const code = await fakes.feishu.issueCode('cli_acme', 'fs-bob');
      expect((await hostSignIn({ platform: 'feishu', code, appId: 'cli_acme' })).statusCode).toBe(200);
      const reused = await hostSignIn({ platform: 'feishu', code, appId: 'cli_acme' });
      expect(reused.statusCode).toBe(401);
      expect(reused.json().error.key).toBe('errors.host.codeRejected');
    });

    it('makes an address that keeps sending refused codes wait, without asking the platform again', async () => {
      const from = (remoteAddress: string) => (code: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/account/isAuthorizeLogin',
          remoteAddress,
          headers: t.signed(),
          payload: { platform: 'feishu', code, appId: 'cli_acme' },
        });
      const guesser = from('203.0.113.77');
      for (let attempt = 0; attempt < 20; attempt += 1)
        expect((await guesser(`made-up-${attempt}`)).json().error.key).toBe('errors.host.codeRejected');
      const asked = (await fakes.feishu.requests('/open-apis/authen/v1/oidc/access_token')).length;
      expect(asked).toBeGreaterThanOrEqual(20);
      const throttled = await guesser('made-up-21');
      expect(throttled.statusCode).toBe(429);
      expect(throttled.json().error.key).toBe('errors.login.tooManyAttempts');
      expect((await fakes.feishu.requests('/open-apis/authen/v1/oidc/access_token')).length).toBe(asked);

      // Another address signs in as usual.
      await fakes.feishu.addUser({ userId: 'fs-carol', email: 'bob@acme.test' });
      const code = await fakes.feishu.issueCode('cli_acme', 'fs-carol');
      expect((await from('198.51.100.5')(code)).statusCode).toBe(200);
    });

    it('refuses a missing, made-up, reused or foreign OAuth state before asking the platform', async () => {
      await fakes.wechat.addUser({ userId: 'o-alice' });
      await fakes.oauth.signInAs('wxacme', 'o-alice');
      await fakes.oauth.signInAs('wxbeta', 'o-alice');
      const ours = await oauthRound({ platform: 'wechat', appId: 'wxacme' });
      const foreign = await oauthRound({ platform: 'wechat', appId: 'wxbeta' });
      const attempts = [
        { code: ours.code },
        { code: ours.code, state: `${ours.state.split('x')[0]}x${'0'.repeat(40)}` },
        { code: ours.code, state: foreign.state },
      ];
      for (const attempt of attempts) {
        const response = await hostSignIn({ platform: 'wechat', appId: 'wxacme', ...attempt });
        expect(response.statusCode).toBe(401);
        expect(response.json().error.key).toBe('errors.host.codeRejected');
      }
      expect(await fakes.wechat.requests('/sns/oauth2/access_token')).toHaveLength(0);
      const used = await hostSignIn({
        platform: 'wechat',
        appId: 'wxacme',
        code: ours.code,
        state: ours.state,
      });
      expect(used.json().error.key).toBe('errors.host.noAccount');
      const again = await hostSignIn({
        platform: 'wechat',
        appId: 'wxacme',
        code: ours.code,
        state: ours.state,
      });
      expect(again.statusCode).toBe(401);
    });

    it('answers 503 within its bound when the platform hangs, and when it limits the rate', async () => {
      await fakes.dingtalk.addUser({ userId: 'ding-alice', mobile: '13900000001' });
      await fakes.dingtalk.hang('/topapi/v2/user/getuserinfo');
      const started = Date.now();
      const hung = await hostSignIn({
        platform: 'dingtalk',
        code: await fakes.dingtalk.issueCode('ding-acme', 'ding-alice'),
        corpId: 'dingacme',
      });
      const elapsed = Date.now() - started;
      expect(hung.statusCode).toBe(503);
      expect(hung.json().error.key).toBe('errors.host.unreachable');
      expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(elapsed).toBeLessThan(TIMEOUT_MS + 2000);

      await fakes.dingtalk.rateLimit('/topapi/v2/user/getuserinfo');
      const limited = await hostSignIn({
        platform: 'dingtalk',
        code: await fakes.dingtalk.issueCode('ding-acme', 'ding-alice'),
        corpId: 'dingacme',
      });
      expect(limited.statusCode).toBe(503);
    });

    it('answers 403 notConfigured for an unknown or disabled integration', async () => {
      const unknown = await hostSignIn({ platform: 'dingtalk', code: 'c1', corpId: 'dingnobody' });
      expect(unknown.statusCode).toBe(403);
      expect(unknown.json().error.key).toBe('errors.host.notConfigured');
      const wrongPlatform = await hostSignIn({ platform: 'feishu', code: 'c1', appId: 'dingacme' });
      expect(wrongPlatform.json().error.key).toBe('errors.host.notConfigured');

      await integrate(acme, { platform: 'feishu', corpId: 'cli_acme', enabled: false });
      await fakes.feishu.addUser({ userId: 'fs-bob', email: 'bob@acme.test' });
      const code = await fakes.feishu.issueCode('cli_acme', 'fs-bob');
      const disabled = await hostSignIn({ platform: 'feishu', code, appId: 'cli_acme' });
      expect(disabled.statusCode).toBe(403);
      expect(disabled.json().error.key).toBe('errors.host.notConfigured');
      await integrate(acme, { platform: 'feishu', corpId: 'cli_acme', enabled: true });
      expect((await hostSignIn({ platform: 'feishu', code, appId: 'cli_acme' })).statusCode).toBe(200);
    });

    it('refuses bad input with 400', async () => {
      const tooLong = await hostSignIn({ platform: 'dingtalk', code: 'x'.repeat(513), corpId: 'dingacme' });
      expect(tooLong.statusCode).toBe(400);
      const noCode = await hostSignIn({ platform: 'dingtalk', code: ' ', corpId: 'dingacme' });
      expect(noCode.json().error.key).toBe('errors.host.codeRequired');
      const unknownHost = await hostSignIn({ platform: 'slack', code: 'c', corpId: 'dingacme' });
      expect(unknownHost.statusCode).toBe(400);
      const unsigned = await t.app.inject({
        method: 'POST',
        url: '/api/account/isAuthorizeLogin',
        payload: { platform: 'dingtalk', code: 'c', corpId: 'dingacme' },
      });
      expect(unsigned.statusCode).toBe(400);
    });

    it("signs in the same way at SPEC's users/isAuthorizeLogin, and refuses there what it refuses here", async () => {
      await fakes.dingtalk.addUser({ userId: 'ding-alice', unionId: 'union-alice', mobile: '13900000001' });
      const code = await fakes.dingtalk.issueCode('ding-acme', 'ding-alice');
      const response = await post('/api/users/isAuthorizeLogin', {
        platform: 'dingtalk',
        code,
        corpId: 'dingacme',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.AccountInfo).toMatchObject({ RealName: 'Alice', Account: '13900000001' });
      const current = await t.app.inject({
        method: 'GET',
        url: '/api/account/current',
        headers: { cookie: sessionCookieOf(response) },
      });
      expect(current.json().data.AccountInfo.RealName).toBe('Alice');
      const reused = await post('/api/users/isAuthorizeLogin', {
        platform: 'dingtalk',
        code,
        corpId: 'dingacme',
      });
      expect(reused.statusCode).toBe(401);
      const blank = await post('/api/users/isAuthorizeLogin', {
        platform: 'dingtalk',
        code: ' ',
        corpId: 'dingacme',
      });
      expect(blank.json().error.key).toBe('errors.host.codeRequired');
    });
  });

  describe('an unknown host identity, linked after a password sign-in', () => {
    it('answers noAccount with a bind ticket, binds after the password sign-in, then signs in silently', async () => {
      await fakes.wechat.addUser({ userId: 'o-bob', unionId: 'un-bob' });
      await fakes.oauth.signInAs('wxacme', 'o-bob');
      const first = await oauthRound({ platform: 'wechat', appId: 'wxacme' });
      const refused = await hostSignIn({
        platform: 'wechat',
        appId: 'wxacme',
        code: first.code,
        state: first.state,
      });
      expect(refused.statusCode).toBe(403);
      const { error, message } = refused.json();
      expect(error.key).toBe('errors.host.noAccount');
      expect(error.params.bindTicket).toMatch(/^[\w-]{43}$/);
      expect(message).toMatch(/管理员/);

      const { cookie } = await signIn(t, 'bob@acme.test');
      const bind = () => post('/api/account/bindHost', { bindTicket: error.params.bindTicket }, { cookie });
      const bound = await bind();
      expect(bound.statusCode).toBe(200);
      expect(bound.json().data).toEqual({ platform: 'wechat' });
      const reused = await bind();
      expect(reused.statusCode).toBe(400);
      expect(reused.json().error.key).toBe('errors.host.bindTicketInvalid');

      const next = await oauthRound({ platform: 'wechat', appId: 'wxacme' });
      const silent = await hostSignIn({
        platform: 'wechat',
        appId: 'wxacme',
        code: next.code,
        state: next.state,
      });
      expect(silent.statusCode).toBe(200);
      expect(silent.json().data.AccountInfo.RealName).toBe('Bob');
    });

    it('refuses a ticket of another organisation and one for an identity another account holds', async () => {
      await fakes.dingtalk.addUser({ userId: 'ding-nobody' });
      const ticketFor = async (userId: string) => {
        const code = await fakes.dingtalk.issueCode('ding-acme', userId);
        const response = await hostSignIn({ platform: 'dingtalk', code, corpId: 'dingacme' });
        expect(response.json().error.key).toBe('errors.host.noAccount');
        return response.json().error.params.bindTicket as string;
      };
      const ticket = await ticketFor('ding-nobody');
      const carol = await signIn(t, '13900000009');
      const foreign = await post('/api/account/bindHost', { bindTicket: ticket }, { cookie: carol.cookie });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().error.key).toBe('errors.host.bindTicketInvalid');

      // Two tickets for the same person: the first binds it to Dora, the second cannot move it to Bob.
      const second = await ticketFor('ding-nobody');
      const dora = await signIn(t, 'dora@acme.test');
      expect(
        (await post('/api/account/bindHost', { bindTicket: ticket }, { cookie: dora.cookie })).statusCode,
      ).toBe(200);
      const bob = await signIn(t, 'bob@acme.test');
      const taken = await post('/api/account/bindHost', { bindTicket: second }, { cookie: bob.cookie });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.key).toBe('errors.host.alreadyBound');
      const unsignedIn = await post('/api/account/bindHost', { bindTicket: second });
      expect(unsignedIn.statusCode).toBe(401);
    });
  });

  describe('POST /api/host/authorizeUrl', () => {
    it('builds the WeChat OA URL with snsapi_base and a state it keeps', async () => {
      const answer = await post('/api/host/authorizeUrl', {
        platform: 'wechat',
        appId: 'wxacme',
        redirectUri: 'http://localhost/?appId=wxacme#/wechat',
      });
      expect(answer.statusCode).toBe(200);
      const url = new URL(answer.json().data.url);
      expect(url.hash).toBe('#wechat_redirect');
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        appid: 'wxacme',
        redirect_uri: 'http://localhost/?appId=wxacme#/wechat',
        response_type: 'code',
        scope: 'snsapi_base',
      });
      expect(url.searchParams.has('agentid')).toBe(false);
    });

    it('refuses a redirect to another origin, even one a client names in X-Forwarded-Host', async () => {
      for (const redirectUri of [
        'https://evil.test/#/wecom',
        'javascript:alert(1)',
        '/relative',
        'http://localhost:8081/',
      ]) {
        const answer = await post('/api/host/authorizeUrl', {
          platform: 'wecom',
          corpId: 'wwacme',
          redirectUri,
        });
        expect(answer.statusCode).toBe(400);
        expect(answer.json().error.key).toBe('errors.host.badRedirect');
      }
      const forwarded = await post(
        '/api/host/authorizeUrl',
        { platform: 'wecom', corpId: 'wwacme', redirectUri: 'https://evil.test/' },
        { 'x-forwarded-host': 'evil.test', 'x-forwarded-proto': 'https' },
      );
      expect(forwarded.statusCode).toBe(400);
    });

    it('answers notConfigured for an app id no enabled integration has', async () => {
      const answer = await post('/api/host/authorizeUrl', {
        platform: 'wechat',
        appId: 'wxnobody',
        redirectUri: 'http://localhost/',
      });
      expect(answer.statusCode).toBe(403);
      expect(answer.json().error.key).toBe('errors.host.notConfigured');
    });
  });
});

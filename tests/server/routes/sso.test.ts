import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runBreakGlassCommand } from '../../../server/commands/sso-command';
import { createRepositories } from '../../../server/repositories';
import { startSsoFakes, type SsoFakes } from '../../helpers/sso-fakes';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

const PORTAL = 'http://portal.test';
const CALLBACK = `${PORTAL}/api/sso/callback`;
const CLIENT = { clientId: 'portal', clientSecret: 'idp-secret-123' };

describe.each(engines())('SSO client on %s', (engine) => {
  let t: TestApp;
  let idp: SsoFakes;
  let orgId: number;
  let admin = '';
  const sloAnswers: number[] = [];
  const sessionOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
    `uc_session=${response.cookies.find((cookie) => cookie.name === 'uc_session')?.value}`;

  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { ...t.signed(), cookie }, ...(payload ? { payload } : {}) });
  const oidcSetting = (extra: object = {}) => ({
    type: 'oauth2',
    oidcIssuer: `${idp.base}/oidc`,
    ...CLIENT,
    ...extra,
  });
  /**
   * The browser's trip: our start address, the identity provider (signing in there), back to our callback;
   * `tamper` changes the authorisation request on the way, as a hostile page could.
   */
  async function trip(startUrl: string, cookie = '', tamper?: (authorize: URL) => void) {
    const start = await t.app.inject({ method: 'GET', url: startUrl, headers: { cookie } });
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location as string);
    tamper?.(authorize);
    const returned = await idp.browse(authorize);
    expect(returned.origin).toBe(PORTAL);
    return returned;
  }
  const back = (url: URL) => t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  const errorOf = (location: unknown) =>
    decodeURIComponent(String(location).replace('/#/sso/error?reason=', ''));
  async function applyDebugEnable(setting: object) {
    expect((await call('POST', '/api/sso/config', admin, setting)).statusCode).toBe(200);
    const done = await back(await trip('/api/sso/debug', admin));
    expect(done.headers.location).toBe('/#/layout/sso/auth?debug=done');
    const enabled = await call('POST', '/api/sso/enable', admin);
    expect(enabled.statusCode).toBe(200);
  }

  beforeAll(async () => {
    idp = await startSsoFakes({ ...CLIENT, redirectUri: CALLBACK });
    t = await createTestApp(engine, {
      PUBLIC_URL: PORTAL,
      SECRETS_KEY: 'd4'.repeat(32),
      OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${idp.port}`,
    });
    orgId = (
      await createTestOrganization(t, 'Acme', {
        admin: { account: 'admin@acme.test' },
        members: [
          { realName: 'Ada', account: 'ada@acme.test' },
          { realName: 'Mo', account: '13900000001' },
        ],
      })
    ).orgId;
    await createTestOrganization(t, 'Beta', { admin: { account: 'admin@beta.test' } });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });
  beforeEach(async () => {
    await call('POST', '/api/sso/disable', admin);
    admin = (await signIn(t, 'admin@acme.test')).cookie;
    idp.state.user = { sub: 'u-1', email: 'ada@acme.test', emailVerified: true, name: 'Ada' };
    idp.state.discoveryPadding = 0;
    idp.state.casLaxProxies = false;
    sloAnswers.length = 0;
    // The CAS server's single-logout POST, delivered to this app as the CAS server would send it.
    idp.state.singleLogout = async (service, form) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: new URL(service).pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form,
      });
      sloAnswers.push(answer.statusCode);
    };
  });

  describe('configuration', () => {
    it('refuses repeated parameter names and addresses that are not URLs, saving nothing', async () => {
      const param = { name: 'scope', formType: 'query', source: 'constant', value: 'x' };
      const repeated = await call('POST', '/api/sso/config', admin, {
        type: 'oauth2',
        ...CLIENT,
        authorize: { url: `${idp.base}/oauth/authorize`, params: [param, param] },
        token: { url: `${idp.base}/oauth/token` },
        user: { url: `${idp.base}/oauth/me` },
        mapping: { externalId: 'data.user.id' },
      });
      expect(repeated.statusCode).toBe(400);
      expect(repeated.json().error.key).toBe('errors.sso.repeatedParam');
      const badUrl = await call('POST', '/api/sso/config', admin, { type: 'cas', casUrl: 'not a url' });
      expect(badUrl.json().error.key).toBe('errors.sso.invalidUrl');
      expect(await createRepositories(t.database.db).sso.find(orgId)).toBeUndefined();
    });

    it('refuses addresses the outbound guard refuses: loopback not allowed, metadata', async () => {
      for (const issuer of ['http://127.0.0.1:9/oidc', 'http://169.254.169.254/latest']) {
        const response = await call('POST', '/api/sso/config', admin, oidcSetting({ oidcIssuer: issuer }));
        expect(response.statusCode).toBe(400);
        expect(response.json().error.key).toBe('errors.outbound.internalAddress');
      }
    });

    it('refuses a discovery answer over the size limit', async () => {
      idp.state.discoveryPadding = 600 * 1024;
      const response = await call('POST', '/api/sso/config', admin, oidcSetting());
      expect(response.json().error.key).toBe('errors.sso.answerTooLarge');
    });

    it('fills the addresses from the issuer, keeps the secret sealed and never answers it', async () => {
      const saved = await call('POST', '/api/sso/config', admin, oidcSetting());
      expect(saved.statusCode).toBe(200);
      const data = saved.json().data;
      expect(data.setting.token.url).toBe(`${idp.base}/oidc/token`);
      expect(data.setting.logout.url).toBe(`${idp.base}/oidc/end_session`);
      expect(data).toMatchObject({ hasClientSecret: true, enabled: false, debugged: false });
      expect(data.callbackUrl).toBe(CALLBACK);
      expect(data.signInUrl).toBe(`${PORTAL}/#/sso?orgId=${orgId}`);
      expect(saved.body).not.toContain(CLIENT.clientSecret);
      const row = await createRepositories(t.database.db).sso.find(orgId);
      expect(row?.client_secret).not.toContain(CLIENT.clientSecret);
      expect(row?.setting).not.toContain(CLIENT.clientSecret);
      const logs = await t.database.db
        .selectFrom('operation_logs')
        .select('content')
        .where('org_id', '=', orgId)
        .where('module', '=', 'ssoAuth')
        .execute();
      expect(logs.at(-1)?.content).toContain('client id portal');
    });

    it('refuses to enable before a debug of the saved configuration succeeds', async () => {
      await call('POST', '/api/sso/config', admin, oidcSetting());
      const response = await call('POST', '/api/sso/enable', admin);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.key).toBe('errors.sso.notDebugged');
    });
  });

  describe('debug, enable and sign-in through an OpenID provider', () => {
    it('debug shows the mapped identity and signs nobody in; saving again needs a new debug', async () => {
      await call('POST', '/api/sso/config', admin, oidcSetting());
      const done = await back(await trip('/api/sso/debug', admin));
      expect(done.cookies.find((cookie) => cookie.name === 'uc_session')).toBeUndefined();
      const config = (await call('GET', '/api/sso/config', admin)).json().data;
      expect(config.debugged).toBe(true);
      expect(config.lastDebug).toMatchObject({
        ok: true,
        account: 'ada@acme.test',
        identity: { externalId: 'u-1', email: 'ada@acme.test', emailVerified: true },
      });
      await call('POST', '/api/sso/config', admin, oidcSetting({ scope: 'openid email' }));
      expect((await call('GET', '/api/sso/config', admin)).json().data.debugged).toBe(false);
    });

    it('enabling ends the organisation’s sessions and signs a member in through the provider', async () => {
      const member = (await signIn(t, 'ada@acme.test')).cookie;
      // An initial password the member never used does not stop an SSO sign-in: it proved no password.
      await t.database.db
        .updateTable('accounts')
        .set({ must_change_password: 1 })
        .where('email', '=', 'ada@acme.test')
        .execute();
      await applyDebugEnable(oidcSetting());
      expect((await call('GET', '/api/account/current', member)).statusCode).toBe(401);
      expect((await call('GET', '/api/account/current', admin)).statusCode).toBe(200);

      const done = await back(await trip(`/api/sso/start?orgId=${orgId}`));
      expect(done.headers.location).toBe('/#/sso?signedIn=1');
      const session = done.cookies.find((cookie) => cookie.name === 'uc_session');
      const current = await call('GET', '/api/account/current', `uc_session=${session?.value}`);
      expect(current.json().data.AccountInfo.RealName).toBe('Ada');
      expect(current.json().data.PwdInfo.MustChange).toBe(false);
      const log = await t.database.db
        .selectFrom('login_logs')
        .select(['login_client', 'success', 'account'])
        .where('login_client', '=', 'sso')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      expect(log).toMatchObject({ success: 1, account: `sso:${orgId}:u-1` });
    });

    it('asks the provider for the registered callback only, whatever Host the browser sent', async () => {
      await applyDebugEnable(oidcSetting());
      const start = await t.app.inject({
        method: 'GET',
        url: `/api/sso/start?orgId=${orgId}`,
        headers: { host: 'evil.example' },
      });
      const to = new URL(start.headers.location as string);
      expect(to.origin).toBe(idp.base);
      expect(to.searchParams.get('redirect_uri')).toBe(CALLBACK);
      expect(to.searchParams.get('code_challenge_method')).toBe('S256');
      expect(to.searchParams.get('nonce')).toBeTruthy();
    });

    it('refuses an unknown or reused state', async () => {
      await applyDebugEnable(oidcSetting());
      const url = await trip(`/api/sso/start?orgId=${orgId}`);
      const forged = new URL(url);
      forged.searchParams.set('state', 'made-up');
      expect(errorOf((await back(forged)).headers.location)).toBe('errors.sso.stateRejected');
      expect((await back(url)).headers.location).toBe('/#/sso?signedIn=1');
      expect(errorOf((await back(url)).headers.location)).toBe('errors.sso.stateRejected');
    });

    it('refuses an ID token with another nonce', async () => {
      await applyDebugEnable(oidcSetting());
      // The provider signs the nonce it was asked for: one swapped in the request is not the flow's.
      const done = await back(
        await trip(`/api/sso/start?orgId=${orgId}`, '', (authorize) =>
          authorize.searchParams.set('nonce', 'replayed'),
        ),
      );
      expect(errorOf(done.headers.location)).toBe('errors.sso.codeRejected');
      expect(done.cookies.find((cookie) => cookie.name === 'uc_session')).toBeUndefined();
    });

    it('refuses a code brought back with another flow’s state (its PKCE verifier does not match)', async () => {
      await applyDebugEnable(oidcSetting());
      const first = await trip(`/api/sso/start?orgId=${orgId}`);
      const second = await trip(`/api/sso/start?orgId=${orgId}`);
      const crossed = new URL(first);
      crossed.searchParams.set('state', second.searchParams.get('state')!);
      expect(errorOf((await back(crossed)).headers.location)).toBe('errors.sso.codeRejected');
    });

    it('matches an unverified email to nobody, and a mobile number or an imported external id', async () => {
      await applyDebugEnable(oidcSetting());
      idp.state.user = { sub: 'u-2', email: 'ada@acme.test', emailVerified: false };
      expect(errorOf((await back(await trip(`/api/sso/start?orgId=${orgId}`))).headers.location)).toBe(
        'errors.sso.noAccount',
      );
      idp.state.user = { sub: 'u-3', mobile: '+86 139-0000-0001' };
      expect((await back(await trip(`/api/sso/start?orgId=${orgId}`))).headers.location).toBe(
        '/#/sso?signedIn=1',
      );
      // An admin of another organisation with the same external id is not this organisation's.
      const beta = await createRepositories(t.database.db).accounts.findByIdentifier({
        kind: 'email',
        value: 'admin@beta.test',
      });
      await createRepositories(t.database.db).sso.bind(Number(beta!.org_id), 'u-9', Number(beta!.id), 0);
      idp.state.user = { sub: 'u-9' };
      expect(errorOf((await back(await trip(`/api/sso/start?orgId=${orgId}`))).headers.location)).toBe(
        'errors.sso.noAccount',
      );
    });

    it('refuses password sign-in of members while enforced, except one break-glass administrator sign-in', async () => {
      await applyDebugEnable(oidcSetting());
      const member = await signIn(t, 'ada@acme.test');
      expect(member.response.statusCode).toBe(403);
      expect(member.response.json().error.key).toBe('errors.sso.passwordSignInDisabled');
      expect((await signIn(t, 'admin@acme.test')).response.statusCode).toBe(403);
      await runBreakGlassCommand(t.database.db, { org: String(orgId), account: 'admin@acme.test' }, 0);
      const once = await signIn(t, 'admin@acme.test');
      expect(once.response.statusCode).toBe(200);
      admin = once.cookie;
      expect((await signIn(t, 'admin@acme.test')).response.statusCode).toBe(403);
      // Another organisation's members are not concerned.
      expect((await signIn(t, 'admin@beta.test')).response.statusCode).toBe(200);
    });

    it('logout answers the provider’s end-session address with the session’s ID token as hint', async () => {
      await applyDebugEnable(oidcSetting());
      const done = await back(await trip(`/api/sso/start?orgId=${orgId}`));
      // The ID token stays with the portal: the browser got a redirect and a session cookie only.
      expect(done.body).toBe('');
      expect(String(done.headers.location)).not.toContain('eyJ');
      const cookie = `uc_session=${done.cookies.find((c) => c.name === 'uc_session')?.value}`;
      expect((await call('GET', '/api/account/current', cookie)).json().data.LoginMode).toBe('sso');
      const kept = await t.database.db.selectFrom('sso_sessions').select('id_token').execute();
      expect(kept.some((row) => row.id_token !== null && !row.id_token.startsWith('eyJ'))).toBe(true);
      // Another SSO session's ID token is its own.
      const other = sessionOf(await back(await trip(`/api/sso/start?orgId=${orgId}`)));

      const out = await call('POST', '/api/sso/logout', cookie);
      const url = new URL(out.json().data.logoutUrl);
      expect(url.pathname).toBe('/oidc/end_session');
      expect(url.searchParams.get('client_id')).toBe(CLIENT.clientId);
      expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${PORTAL}/api/sso/logged-out`);
      const hint = url.searchParams.get('id_token_hint')!;
      const claims = JSON.parse(Buffer.from(hint.split('.')[1], 'base64url').toString());
      expect(claims).toMatchObject({ sub: 'u-1', aud: CLIENT.clientId, iss: `${idp.base}/oidc` });
      expect((await call('GET', '/api/account/current', cookie)).statusCode).toBe(401);
      // The provider checks the hint (its own signature, this client) and the registered return address,
      // ends its session and sends the browser back to the portal, which shows /sso/logout.
      expect((await idp.browse(url)).toString()).toBe(`${PORTAL}/api/sso/logged-out`);
      const landed = await t.app.inject({ method: 'GET', url: '/api/sso/logged-out' });
      expect(landed.headers.location).toBe('/#/sso/logout?done=1');
      // A hint the provider did not sign is refused there.
      const forged = new URL(url);
      forged.searchParams.set('id_token_hint', `${hint.split('.').slice(0, 2).join('.')}.AAAA`);
      await expect(idp.browse(forged)).rejects.toThrow(/400/);

      const otherOut = new URL((await call('POST', '/api/sso/logout', other)).json().data.logoutUrl);
      expect(otherOut.searchParams.get('id_token_hint')).not.toBe(hint);
    });

    it('unlocks the screen lock of an SSO session through the provider, for the same identity only', async () => {
      await applyDebugEnable(oidcSetting());
      const member = sessionOf(await back(await trip(`/api/sso/start?orgId=${orgId}`)));
      const other = sessionOf(await back(await trip(`/api/sso/start?orgId=${orgId}`)));
      for (const cookie of [member, other]) {
        expect((await call('POST', '/api/account/lock', cookie)).statusCode).toBe(200);
        expect(
          (await call('GET', '/api/Account/AuthorizeInfo?showUnAuthorized=true', cookie)).json().error.key,
        ).toBe('errors.screenLock.locked');
      }
      /** The unlock's trip, in the browser holding `cookie`, back to the callback with that cookie. */
      const unlock = async (cookie: string, returnWith = cookie) => {
        const url = await trip('/api/sso/unlock', cookie);
        return t.app.inject({
          method: 'GET',
          url: `${url.pathname}${url.search}`,
          headers: { cookie: returnWith },
        });
      };

      // Someone else at the provider (Mo, by mobile): the screen stays locked.
      idp.state.user = { sub: 'u-3', mobile: '+86 139-0000-0001' };
      expect(errorOf((await unlock(member)).headers.location)).toBe('errors.sso.otherIdentity');
      expect((await call('GET', '/api/Account/AuthorizeInfo?showUnAuthorized=true', member)).statusCode).toBe(
        403,
      );
      // The same identity, brought back to another browser's session: refused there too.
      idp.state.user = { sub: 'u-1', email: 'ada@acme.test', emailVerified: true, name: 'Ada' };
      expect(errorOf((await unlock(member, other)).headers.location)).toBe('errors.sso.stateRejected');
      expect((await call('GET', '/api/Account/AuthorizeInfo?showUnAuthorized=true', other)).statusCode).toBe(
        403,
      );
      expect((await call('GET', '/api/Account/AuthorizeInfo?showUnAuthorized=true', member)).statusCode).toBe(
        403,
      );

      // The same identity to the same session: unlocked, that session only.
      const unlocked = await unlock(member);
      expect(unlocked.headers.location).toBe('/#/sso?signedIn=1');
      expect(unlocked.cookies.find((c) => c.name === 'uc_session')).toBeUndefined();
      expect((await call('GET', '/api/Account/AuthorizeInfo?showUnAuthorized=true', member)).statusCode).toBe(
        200,
      );
      expect((await call('GET', '/api/Account/AuthorizeInfo?showUnAuthorized=true', other)).statusCode).toBe(
        403,
      );
    });

    it('a password session unlocks with its password, not through the provider', async () => {
      await applyDebugEnable(oidcSetting());
      await runBreakGlassCommand(t.database.db, { org: String(orgId), account: 'admin@acme.test' }, 0);
      // (a second session of the administrator; the one the other tests use stays unlocked)
      const password = (await signIn(t, 'admin@acme.test')).cookie;
      await call('POST', '/api/account/lock', password);
      const refused = await call('GET', '/api/sso/unlock', password);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.key).toBe('errors.sso.notSsoSession');
    });

    it('a password sign-in has no session at the provider: its logout answers no address', async () => {
      await applyDebugEnable(oidcSetting());
      await runBreakGlassCommand(t.database.db, { org: String(orgId), account: 'admin@acme.test' }, 0);
      const password = (await signIn(t, 'admin@acme.test')).cookie;
      expect((await call('GET', '/api/account/current', password)).json().data.LoginMode).toBe('normal');
      const out = await call('POST', '/api/sso/logout', password);
      expect(out.json().data.logoutUrl).toBeNull();
      expect((await call('GET', '/api/account/current', password)).statusCode).toBe(401);
    });
  });

  describe('a non-standard OAuth 2.0 server mapped by configuration', () => {
    it('reads the token and the identity at the configured paths', async () => {
      await applyDebugEnable({
        type: 'oauth2',
        ...CLIENT,
        authorize: { url: `${idp.base}/oauth/authorize` },
        token: { method: 'POST', url: `${idp.base}/oauth/token`, mappingPath: 'data.access_token' },
        user: { url: `${idp.base}/oauth/me` },
        mapping: { externalId: 'data.user.id', email: 'data.user.mail' },
      });
      const done = await back(await trip(`/api/sso/start?orgId=${orgId}`));
      expect(done.headers.location).toBe('/#/sso?signedIn=1');
    });
  });

  describe('CAS', () => {
    it('signs in with protocol 3.0 attributes and refuses a ticket that is not the server’s', async () => {
      await applyDebugEnable({ type: 'cas', casUrl: `${idp.base}/cas`, casVersion: '3.0' });
      expect((await back(await trip(`/api/sso/start?orgId=${orgId}`))).headers.location).toBe(
        '/#/sso?signedIn=1',
      );
      const url = await trip(`/api/sso/start?orgId=${orgId}`);
      url.searchParams.set('ticket', 'ST-forged-1');
      expect(errorOf((await back(url)).headers.location)).toBe('errors.sso.ticketRejected');
    });

    it.each(['2.0', '3.0'] as const)(
      'refuses a proxy ticket brought where a service ticket is expected (protocol %s)',
      async (casVersion) => {
        await applyDebugEnable({ type: 'cas', casUrl: `${idp.base}/cas`, casVersion });
        /** A proxy ticket, as a proxying service would get it from the CAS server, for this flow's service. */
        const proxyTicketFor = async (url: URL) => {
          // The service the portal asks tickets for: its callback with the flow's state.
          const service = `${CALLBACK}?state=${url.searchParams.get('state')}`;
          const answer = await fetch(`${idp.base}/cas/proxy?targetService=${encodeURIComponent(service)}`);
          return /<cas:proxyTicket>([^<]+)</.exec(await answer.text())![1];
        };
        const url = await trip(`/api/sso/start?orgId=${orgId}`);
        const ticket = await proxyTicketFor(url);
        expect(ticket).toMatch(/^PT-/);
        url.searchParams.set('ticket', ticket);
        const before = idp.state.requests.length;
        const refused = await back(url);
        expect(errorOf(refused.headers.location)).toBe('errors.sso.ticketRejected');
        expect(refused.cookies.find((cookie) => cookie.name === 'uc_session')).toBeUndefined();
        // Refused by its kind, before asking the CAS server.
        expect(idp.state.requests.slice(before).some((path) => path.endsWith('serviceValidate'))).toBe(false);

        // A lax server that validates a proxied ticket named like a service ticket: the proxies its answer
        // names give it away.
        idp.state.casLaxProxies = true;
        const lax = await trip(`/api/sso/start?orgId=${orgId}`);
        lax.searchParams.set('ticket', await proxyTicketFor(lax));
        const laxRefused = await back(lax);
        expect(errorOf(laxRefused.headers.location)).toBe('errors.sso.ticketRejected');
        expect(laxRefused.cookies.find((cookie) => cookie.name === 'uc_session')).toBeUndefined();
        // The same server's own service tickets still sign in (protocol 2.0 releases no email: bound id).
        const ada = await createRepositories(t.database.db).accounts.findByIdentifier({
          kind: 'email',
          value: 'ada@acme.test',
        });
        await createRepositories(t.database.db).sso.bind(orgId, 'u-1', Number(ada!.id), 0);
        expect((await back(await trip(`/api/sso/start?orgId=${orgId}`))).headers.location).toBe(
          '/#/sso?signedIn=1',
        );
      },
    );

    it('logout goes through the CAS server, whose single logout ends the sessions of its tickets', async () => {
      await applyDebugEnable({ type: 'cas', casUrl: `${idp.base}/cas`, casVersion: '3.0' });
      const first = sessionOf(await back(await trip(`/api/sso/start?orgId=${orgId}`)));
      const second = sessionOf(await back(await trip(`/api/sso/start?orgId=${orgId}`)));
      expect((await call('GET', '/api/account/current', first)).json().data.LoginMode).toBe('sso');

      const out = await call('POST', '/api/sso/logout', first);
      const url = new URL(out.json().data.logoutUrl);
      expect(`${url.origin}${url.pathname}`).toBe(`${idp.base}/cas/logout`);
      expect(url.searchParams.get('service')).toBe(`${PORTAL}/#/sso/logout?done=1`);
      // At the CAS server's logout, it tells the portal of both tickets: the other session ends too.
      const atIdp = await fetch(url, { redirect: 'manual' });
      expect(atIdp.headers.get('location')).toBe(`${PORTAL}/#/sso/logout?done=1`);
      // (earlier tests' tickets too: the fake keeps one sign-on session across them)
      expect(sloAnswers.length).toBeGreaterThanOrEqual(2);
      expect(new Set(sloAnswers)).toEqual(new Set([200]));
      expect((await call('GET', '/api/account/current', second)).statusCode).toBe(401);
      // Sessions other than those tickets' stay.
      expect((await call('GET', '/api/account/current', admin)).statusCode).toBe(200);
    });

    it('a single-logout request that names no ticket of a session ends nothing and answers 200', async () => {
      await applyDebugEnable({ type: 'cas', casUrl: `${idp.base}/cas`, casVersion: '3.0' });
      const member = sessionOf(await back(await trip(`/api/sso/start?orgId=${orgId}`)));
      for (const logoutRequest of [
        '<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol"><samlp:SessionIndex>ST-made-up-1</samlp:SessionIndex></samlp:LogoutRequest>',
        'not xml at all',
      ]) {
        const answer = await t.app.inject({
          method: 'POST',
          url: '/api/sso/callback',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ logoutRequest }).toString(),
        });
        expect(answer.statusCode).toBe(200);
      }
      expect((await call('GET', '/api/account/current', member)).statusCode).toBe(200);
    });

    it('protocol 2.0 releases no attributes: only a bound external id matches', async () => {
      await applyDebugEnable({ type: 'cas', casUrl: `${idp.base}/cas`, casVersion: '2.0' });
      idp.state.user = { sub: 'cas-ada', email: 'ada@acme.test' };
      expect(errorOf((await back(await trip(`/api/sso/start`))).headers.location)).toBe(
        'errors.sso.noAccount',
      );
      const ada = await createRepositories(t.database.db).accounts.findByIdentifier({
        kind: 'email',
        value: 'ada@acme.test',
      });
      await createRepositories(t.database.db).sso.bind(orgId, 'cas-ada', Number(ada!.id), 0);
      expect((await back(await trip(`/api/sso/start`))).headers.location).toBe('/#/sso?signedIn=1');
    });
  });
});

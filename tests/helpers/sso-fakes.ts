import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/** A user of the fake identity providers. */
export interface FakeSsoUser {
  sub: string;
  email?: string;
  emailVerified?: boolean;
  mobile?: string;
  name?: string;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string;
  user: FakeSsoUser;
}

/** Where the portal's OpenID sign-out comes back to (an address without a fragment, as OIDC requires). */
export const loggedOutUrl = (redirectUri: string) => new URL('/api/sso/logged-out', redirectUri).toString();

/**
 * In-process identity providers on loopback, no outside network:
 * - a real OpenID provider (panva's oidc-provider) mounted under `/oidc`: discovery, jwks, code flow with
 *   PKCE required, the exact registered redirect URI, client_secret_post, userinfo, `email_verified`, and
 *   RP-initiated logout, which checks the id_token_hint and the registered post-logout address;
 * - a non-standard OAuth 2.0 server under `/oauth` whose answers are wrapped (`{code:0,data:{...}}`);
 * - a CAS server under `/cas` speaking protocol 2.0 and 3.0 with single-use service tickets.
 * `user` is who signs in at the next authorisation (`browse` walks a browser through it); `requests`
 * records every request's path.
 */
export async function startSsoFakes(options: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}) {
  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, FakeSsoUser>();
  const tickets = new Map<string, { service: string; user: FakeSsoUser; proxy?: string }>();
  const state = {
    user: { sub: 'u-1', email: 'ada@acme.test', emailVerified: true, name: 'Ada' } as FakeSsoUser,
    requests: [] as string[],
    /** Bytes of padding in the discovery document (an answer over the size limit). */
    discoveryPadding: 0,
    /**
     * How the CAS server's single-logout POST reaches a service (its address and the form body); by default
     * an HTTP POST to the service address.
     */
    singleLogout: null as ((service: string, form: string) => Promise<void>) | null,
    /**
     * A lax CAS server that validates a proxied ticket at /serviceValidate as a service ticket, naming the
     * proxies it went through (the portal must still refuse it).
     */
    casLaxProxies: false,
    /** Where the identity provider's start page `/start` (an SSO login address) sends the browser on to. */
    startPage: '',
  };
  /** The CAS service tickets validated since the last logout, with their services (one sign-on session). */
  const signedOn = new Map<string, string>();
  let base = '';

  const json = (res: http.ServerResponse, status: number, body: unknown, type = 'application/json') => {
    res.writeHead(status, { 'content-type': type });
    res.end(JSON.stringify(body));
  };
  const readBody = (req: http.IncomingMessage) =>
    new Promise<URLSearchParams>((resolve) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => resolve(new URLSearchParams(text)));
    });
  const newCode = (query: URLSearchParams) => {
    const code = randomBytes(12).toString('hex');
    codes.set(code, {
      clientId: query.get('client_id') ?? '',
      redirectUri: query.get('redirect_uri') ?? '',
      challenge: query.get('code_challenge') ?? '',
      nonce: query.get('nonce') ?? '',
      user: { ...state.user },
    });
    return code;
  };
  /** Takes a code once, checking the client, the exact redirect URI and the PKCE verifier. */
  const redeem = (form: URLSearchParams, clientSecret: string | null) => {
    const issued = codes.get(form.get('code') ?? '');
    codes.delete(form.get('code') ?? '');
    if (!issued) return null;
    const verifier = form.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const ok =
      issued.redirectUri === form.get('redirect_uri') &&
      issued.challenge === challenge &&
      form.get('client_id') === options.clientId &&
      clientSecret === options.clientSecret;
    return ok ? issued : null;
  };
  const claims = (user: FakeSsoUser) => ({
    sub: user.sub,
    ...(user.email ? { email: user.email, email_verified: user.emailVerified ?? false } : {}),
    ...(user.mobile ? { phone_number: user.mobile } : {}),
    ...(user.name ? { name: user.name } : {}),
  });

  let provider: Provider | null = null;
  /** Whom each login at the OpenID provider signed in, by subject (the claims as they were then). */
  const accounts = new Map<string, FakeSsoUser>();
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    state.requests.push(url.pathname);
    if (url.pathname.startsWith('/oidc-login/')) {
      // The provider's login: whoever `state.user` is signs in, as a user would at its login page.
      accounts.set(state.user.sub, { ...state.user });
      return oidcProvider().interactionFinished(
        req,
        res,
        { login: { accountId: state.user.sub } },
        { mergeWithLastSubmission: false },
      );
    }
    if (url.pathname === '/oidc' || url.pathname.startsWith('/oidc/')) {
      // Mounted as Express would: the provider reads its mount path from originalUrl.
      Object.assign(req, { originalUrl: req.url, url: req.url!.slice('/oidc'.length) || '/' });
      return oidcProvider().callback()(req, res);
    }
    const query = url.searchParams;
    switch (url.pathname) {
      case '/start': {
        res.writeHead(302, { location: state.startPage || '/' });
        return res.end();
      }
      case '/oauth/authorize': {
        // The redirect URI must be the registered one, exactly: no open redirect here either.
        if (
          query.get('redirect_uri') !== options.redirectUri ||
          query.get('client_id') !== options.clientId
        ) {
          return json(res, 400, { error: 'invalid_request' });
        }
        const back = new URL(options.redirectUri);
        back.searchParams.set('code', newCode(query));
        back.searchParams.set('state', query.get('state') ?? '');
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      case '/cas/logout': {
        // Single logout (CAS protocol Appendix C): every service signed on to hears which ticket ended.
        for (const [ticket, service] of signedOn) {
          const request =
            `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ` +
            `xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="LR-${randomBytes(6).toString('hex')}" ` +
            `Version="2.0" IssueInstant="${new Date().toISOString()}"><saml:NameID>@NOT_USED@</saml:NameID>` +
            `<samlp:SessionIndex>${ticket}</samlp:SessionIndex></samlp:LogoutRequest>`;
          const form = new URLSearchParams({ logoutRequest: request }).toString();
          if (state.singleLogout) await state.singleLogout(service, form);
          else {
            await fetch(service, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: form,
            }).catch(() => undefined);
          }
        }
        signedOn.clear();
        const to = query.get('service') ?? '/';
        res.writeHead(302, { location: to });
        return res.end();
      }
      case '/oauth/token': {
        const form = await readBody(req);
        const issued = redeem(form, form.get('client_secret'));
        if (!issued) return json(res, 200, { code: 40029, msg: 'invalid code' }, 'text/plain');
        const accessToken = randomBytes(12).toString('hex');
        tokens.set(accessToken, issued.user);
        return json(
          res,
          200,
          { code: 0, data: { access_token: accessToken, expires_in: 3600 } },
          'text/plain',
        );
      }
      case '/oauth/me': {
        const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
        if (!user) return json(res, 200, { code: 401, msg: 'bad token' });
        return json(res, 200, {
          code: 0,
          data: { user: { id: user.sub, mail: user.email, tel: user.mobile } },
        });
      }
      case '/cas/login': {
        const service = query.get('service') ?? '';
        const ticket = `ST-${randomBytes(10).toString('hex')}`;
        tickets.set(ticket, { service, user: { ...state.user } });
        const back = new URL(service);
        back.searchParams.set('ticket', ticket);
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      case '/cas/proxy': {
        // A proxy ticket for targetService, as a proxying service would obtain it (CAS protocol 2.7); a lax
        // server names it like a service ticket.
        const ticket = `${state.casLaxProxies ? 'ST' : 'PT'}-${randomBytes(10).toString('hex')}`;
        tickets.set(ticket, {
          service: query.get('targetService') ?? '',
          user: { ...state.user },
          proxy: 'https://proxy.elsewhere.test/pgtCallback',
        });
        res.writeHead(200, { 'content-type': 'application/xml' });
        return res.end(
          `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:proxySuccess><cas:proxyTicket>${ticket}</cas:proxyTicket></cas:proxySuccess></cas:serviceResponse>`,
        );
      }
      case '/cas/serviceValidate':
      case '/cas/p3/serviceValidate': {
        const ticket = query.get('ticket') ?? '';
        const found = tickets.get(ticket);
        tickets.delete(ticket);
        res.writeHead(200, { 'content-type': 'application/xml' });
        const wrap = (inner: string) =>
          `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">${inner}</cas:serviceResponse>`;
        // /serviceValidate must not validate a proxy ticket (CAS protocol 2.5), unless the server is lax.
        if (found?.proxy && !state.casLaxProxies) {
          return res.end(
            wrap(
              `<cas:authenticationFailure code="INVALID_TICKET_SPEC">Ticket ${ticket} is a proxy ticket</cas:authenticationFailure>`,
            ),
          );
        }
        if (!found) {
          return res.end(
            wrap(
              `<cas:authenticationFailure code="INVALID_TICKET">Ticket ${ticket} not recognized</cas:authenticationFailure>`,
            ),
          );
        }
        if (found.service !== query.get('service')) {
          return res.end(
            wrap(
              '<cas:authenticationFailure code="INVALID_SERVICE">service mismatch</cas:authenticationFailure>',
            ),
          );
        }
        signedOn.set(ticket, found.service);
        const attributes = url.pathname.startsWith('/cas/p3')
          ? `<cas:attributes>${found.user.email ? `<cas:mail>${found.user.email}</cas:mail>` : ''}<cas:affiliation>staff</cas:affiliation><cas:affiliation>faculty</cas:affiliation></cas:attributes>`
          : '';
        const proxies = found.proxy ? `<cas:proxies><cas:proxy>${found.proxy}</cas:proxy></cas:proxies>` : '';
        return res.end(
          wrap(
            `<cas:authenticationSuccess><cas:user>${found.user.sub}</cas:user>${attributes}${proxies}</cas:authenticationSuccess>`,
          ),
        );
      }
      default:
        return json(res, 404, { error: 'not_found' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;

  /**
   * The OpenID provider, made at its first request: its client registration reads `options.redirectUri`
   * then (a test may learn the portal's address after starting the providers).
   */
  function oidcProvider(): Provider {
    if (provider) return provider;
    provider = new Provider(`${base}/oidc`, {
      clients: [
        {
          client_id: options.clientId,
          client_secret: options.clientSecret,
          redirect_uris: [options.redirectUri],
          post_logout_redirect_uris: [loggedOutUrl(options.redirectUri)],
          token_endpoint_auth_method: 'client_secret_post',
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      pkce: { required: () => true },
      routes: {
        authorization: '/authorize',
        end_session: '/end_session',
        userinfo: '/userinfo',
        token: '/token',
        jwks: '/jwks',
      },
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['name', 'phone_number'],
      },
      cookies: { keys: [randomBytes(16).toString('hex')] },
      interactions: { url: (_ctx, interaction) => `/oidc-login/${interaction.uid}` },
      features: {
        devInteractions: { enabled: false },
        rpInitiatedLogout: {
          enabled: true,
          // The user confirms signing out of the provider too (the form submits itself).
          logoutSource: async (ctx, form) => {
            const confirmed = form.replace(
              '</form>',
              '<input type="hidden" name="logout" value="yes"/></form>',
            );
            ctx.body = `<html><body>${confirmed}<script>document.forms[0].submit()</script></body></html>`;
          },
        },
      },
      // Consent is not what these tests are about: the portal's client is granted the scopes it asks for.
      async loadExistingGrant(ctx: KoaContextWithOIDC) {
        const grant = new ctx.oidc.provider.Grant({
          clientId: ctx.oidc.client!.clientId,
          accountId: ctx.oidc.session!.accountId!,
        });
        grant.addOIDCScope(String(ctx.oidc.params?.scope ?? 'openid'));
        await grant.save();
        return grant;
      },
      async findAccount(_ctx, sub) {
        const user = accounts.get(sub);
        if (!user) return undefined;
        return { accountId: sub, claims: () => claims(user) };
      },
    });
    provider.use(async (ctx, next) => {
      await next();
      if (ctx.path === '/.well-known/openid-configuration' && state.discoveryPadding > 0) {
        ctx.body = { ...(ctx.body as object), padding: 'x'.repeat(state.discoveryPadding) };
      }
    });
    return provider;
  }

  /**
   * A browser's visit from `start` while it stays at these providers: follows redirects with a cookie jar
   * and submits the forms a browser's script would (the logout confirmation); the first address outside
   * (the portal's callback or post-logout address) is returned.
   */
  async function browse(start: string | URL): Promise<URL> {
    const jar = new Map<string, string>();
    let url = new URL(start);
    let form: URLSearchParams | undefined;
    for (let hop = 0; hop < 20; hop += 1) {
      if (url.origin !== base) return url;
      const answer = await fetch(url, {
        method: form ? 'POST' : 'GET',
        body: form,
        redirect: 'manual',
        headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
      });
      for (const cookie of answer.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
      }
      if (answer.status >= 300 && answer.status < 400) {
        url = new URL(answer.headers.get('location')!, url);
        form = undefined;
        continue;
      }
      const html = await answer.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html);
      if (!action) throw new Error(`the provider answered ${answer.status}: ${html.slice(0, 500)}`);
      form = new URLSearchParams();
      for (const input of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) {
        form.set(input[1], input[2]);
      }
      url = new URL(action[1].replaceAll('&amp;', '&'), url);
    }
    throw new Error('too many redirects at the identity provider');
  }

  return {
    base,
    port,
    state,
    browse,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SsoFakes = Awaited<ReturnType<typeof startSsoFakes>>;

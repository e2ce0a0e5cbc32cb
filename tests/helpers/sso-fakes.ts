import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

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

/**
 * In-process identity providers on loopback, no outside network:
 * - an OpenID provider under `/oidc` (discovery, jwks, authorize, token, userinfo, end_session) that signs
 *   RS256 ID tokens and checks the redirect URI exactly, the client secret and the PKCE verifier;
 * - a non-standard OAuth 2.0 server under `/oauth` whose answers are wrapped (`{code:0,data:{...}}`);
 * - a CAS server under `/cas` speaking protocol 2.0 and 3.0 with single-use service tickets.
 * `user` is who signs in at the next authorisation; `requests` records every request's path.
 */
export async function startSsoFakes(options: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}) {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, FakeSsoUser>();
  const tickets = new Map<string, { service: string; user: FakeSsoUser; proxy?: string }>();
  const state = {
    user: { sub: 'u-1', email: 'ada@acme.test', emailVerified: true, name: 'Ada' } as FakeSsoUser,
    /** A nonce to put in the next ID token instead of the one asked for (a replayed token). */
    nonceOverride: null as string | null,
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

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    state.requests.push(url.pathname);
    const query = url.searchParams;
    switch (url.pathname) {
      case '/oidc/.well-known/openid-configuration':
        return json(res, 200, {
          issuer: `${base}/oidc`,
          authorization_endpoint: `${base}/oidc/authorize`,
          token_endpoint: `${base}/oidc/token`,
          userinfo_endpoint: `${base}/oidc/userinfo`,
          end_session_endpoint: `${base}/oidc/end_session`,
          jwks_uri: `${base}/oidc/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
          padding: 'x'.repeat(state.discoveryPadding),
        });
      case '/oidc/jwks':
        return json(res, 200, { keys: [jwk] });
      case '/oidc/authorize':
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
      case '/oidc/token': {
        const form = await readBody(req);
        const issued = redeem(form, form.get('client_secret'));
        if (!issued) return json(res, 400, { error: 'invalid_grant' });
        const accessToken = randomBytes(12).toString('hex');
        tokens.set(accessToken, issued.user);
        const idToken = await new SignJWT({
          ...claims(issued.user),
          nonce: state.nonceOverride ?? issued.nonce,
        })
          .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
          .setIssuer(`${base}/oidc`)
          .setAudience(options.clientId)
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(privateKey);
        return json(res, 200, {
          access_token: accessToken,
          token_type: 'Bearer',
          expires_in: 300,
          id_token: idToken,
        });
      }
      case '/oidc/userinfo': {
        const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
        return user ? json(res, 200, claims(user)) : json(res, 401, { error: 'invalid_token' });
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
      case '/oidc/end_session': {
        const to = query.get('post_logout_redirect_uri') ?? '/';
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
  return {
    base,
    port,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SsoFakes = Awaited<ReturnType<typeof startSsoFakes>>;

import * as oidc from 'openid-client';
import type { GuardedFetch } from '../security/outbound-fetch';

/** What discovery tells of an issuer and the portal keeps (so a sign-in needs no discovery call). */
export interface OidcServer {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint?: string;
  end_session_endpoint?: string;
  jwks_uri?: string;
}

/** The client of one organisation's OpenID provider. */
export interface OidcClient {
  server: OidcServer;
  clientId: string;
  clientSecret: string;
}

/** openid-client refuses http:// unless told; an administrator may run an IdP on a plain-HTTP intranet. */
function insecureWhenHttp(url: string): Array<(config: oidc.Configuration) => void> {
  return url.startsWith('http:') ? [oidc.allowInsecureRequests] : [];
}

function configurationOf(client: OidcClient, fetch: GuardedFetch): oidc.Configuration {
  const config = new oidc.Configuration(
    { ...client.server },
    client.clientId,
    client.clientSecret ? { client_secret: client.clientSecret } : undefined,
    client.clientSecret ? oidc.ClientSecretPost(client.clientSecret) : oidc.None(),
  );
  config[oidc.customFetch] = fetch as oidc.CustomFetch;
  for (const apply of insecureWhenHttp(client.server.issuer)) apply(config);
  return config;
}

/** Reads an issuer's discovery document (through the guarded fetch). */
export async function discoverIssuer(issuer: string, fetch: GuardedFetch): Promise<OidcServer> {
  const config = await oidc.discovery(new URL(issuer), 'discovery', undefined, undefined, {
    [oidc.customFetch]: fetch as oidc.CustomFetch,
    execute: insecureWhenHttp(issuer),
  });
  const meta = config.serverMetadata();
  if (!meta.authorization_endpoint || !meta.token_endpoint) throw new Error('discovery has no endpoints');
  return {
    issuer: meta.issuer,
    authorization_endpoint: meta.authorization_endpoint,
    token_endpoint: meta.token_endpoint,
    userinfo_endpoint: meta.userinfo_endpoint,
    end_session_endpoint: meta.end_session_endpoint,
    jwks_uri: meta.jwks_uri,
  };
}

/** The authorisation request of a code flow with PKCE (S256), state and nonce. */
export function oidcAuthorizeUrl(
  client: OidcClient,
  fetch: GuardedFetch,
  request: { redirectUri: string; scope: string; state: string; nonce: string; codeChallenge: string },
): string {
  return oidc
    .buildAuthorizationUrl(configurationOf(client, fetch), {
      redirect_uri: request.redirectUri,
      scope: request.scope,
      state: request.state,
      nonce: request.nonce,
      code_challenge: request.codeChallenge,
      code_challenge_method: 'S256',
    })
    .toString();
}

/**
 * Exchanges the code (the callback address as it arrived) and reads the user's claims: the ID token's,
 * checked for issuer, audience, expiry and nonce, merged with userinfo's (same subject) when there is one;
 * with the ID token itself (the sign-out's id_token_hint).
 */
export async function oidcClaims(
  client: OidcClient,
  fetch: GuardedFetch,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<{ claims: Record<string, unknown>; idToken: string | null }> {
  const config = configurationOf(client, fetch);
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const idClaims: Record<string, unknown> = tokens.claims() ?? {};
  const subject = typeof idClaims.sub === 'string' ? idClaims.sub : oidc.skipSubjectCheck;
  const userinfo = client.server.userinfo_endpoint
    ? await oidc.fetchUserInfo(config, tokens.access_token, subject)
    : {};
  return { claims: { ...idClaims, ...userinfo }, idToken: tokens.id_token ?? null };
}

/**
 * The provider's logout address (RP-initiated logout), returning to `returnTo`, with the session's ID token
 * as id_token_hint (the provider then knows whose session to end and may trust the return address); null
 * without an end-session endpoint.
 */
export function oidcLogoutUrl(
  client: OidcClient,
  fetch: GuardedFetch,
  returnTo: string,
  idToken: string | null,
): string | null {
  if (!client.server.end_session_endpoint) return null;
  return oidc
    .buildEndSessionUrl(configurationOf(client, fetch), {
      ...(idToken ? { id_token_hint: idToken } : {}),
      post_logout_redirect_uri: returnTo,
      client_id: client.clientId,
    })
    .toString();
}

/** A random state, nonce and PKCE verifier (with its S256 challenge) for one flow. */
export async function newFlowSecrets(): Promise<{
  state: string;
  nonce: string;
  codeVerifier: string;
  codeChallenge: string;
}> {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  return {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier,
    codeChallenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
  };
}

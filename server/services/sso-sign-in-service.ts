import { parseAccountIdentifier } from '../../domain/rules/account-identifier';
import { mapSsoIdentity, type SsoProtocol } from '../../domain/rules/sso';
import type { SsoDebugResult, SsoIdentity } from '../../domain/schemas/sso';
import { ApiError } from '../core/errors';
import { CasError, casLoginUrl, validateServiceTicket } from '../integrations/sso-cas';
import { newFlowSecrets, oidcAuthorizeUrl, oidcClaims } from '../integrations/sso-oidc';
import { OAuthAnswerError, oauthAuthorizeUrl, oauthUserAnswer } from '../integrations/sso-oauth2';
import type { AccountWithOrganization } from '../repositories/accounts-repository';
import type { Repositories } from '../repositories';
import type { SsoStateRow } from '../repositories/sso-repository';
import { causeOf, OutboundTooLarge } from '../security/outbound-fetch';
import { OutboundRefusal, outboundRefusalError } from '../security/outbound-guard';
import { hashToken } from '../security/tokens';
import { hostMobile } from './host-sign-in-service';
import { countAddressFailure } from './address-limits';
import { type SignedIn, type SignInRequest, signIn } from './sign-in-service';
import { openSsoRow, ssoCallbackUrl, type SsoDeps, ssoFetch, type StoredSso } from './sso-settings-service';

/** How long a started flow may take at the identity provider. */
export const SSO_STATE_TTL_MS = 10 * 60 * 1000;

/**
 * A flow signs a member in, debugs the saved configuration for an administrator (signing nobody in), or
 * unlocks the screen lock of a session an SSO sign-in started (its member has no password to type).
 */
export type SsoPurpose = 'signIn' | 'debug' | 'unlock';

const protocolOf = (stored: StoredSso): SsoProtocol =>
  stored.setting.type === 'cas' ? 'cas' : stored.oidcServer ? 'oidc' : 'oauth2';

/** The service CAS validates a ticket for: our callback with the flow's state, the same both times. */
const casService = (callback: string, state: string) => `${callback}?state=${encodeURIComponent(state)}`;

async function loadStored(deps: SsoDeps, orgId: number): Promise<StoredSso | undefined> {
  const row = await deps.repos.sso.find(orgId);
  return row ? openSsoRow(row, deps.secrets) : undefined;
}

/**
 * The organisation a sign-in address names; without orgId, the deployment's one organisation whose SSO is
 * enforced. None: 404 errors.sso.notEnabled.
 */
export async function ssoOrgOf(deps: Pick<SsoDeps, 'repos'>, orgId: number | undefined): Promise<number> {
  if (orgId !== undefined) return orgId;
  const enabled = await deps.repos.sso.listEnabledOrgIds(2);
  if (enabled.length !== 1) throw new ApiError(404, 'errors.sso.notEnabled');
  return enabled[0];
}

/**
 * Starts a flow: a state (single use, SSO_STATE_TTL_MS), a PKCE verifier and a nonce kept by the portal,
 * and the identity provider's address to send the browser to, which returns to our callback only. A
 * sign-in needs SSO enabled; a debug runs the saved configuration, enabled or not.
 */
export async function startSsoFlow(
  deps: SsoDeps,
  flow: { orgId: number; purpose: SsoPurpose; accountId: number | null; sessionId?: number },
  portalOrigin: string | null,
  now: number,
): Promise<string> {
  const stored = await loadStored(deps, flow.orgId);
  if (!stored || (flow.purpose !== 'debug' && !stored.enabled)) {
    throw new ApiError(404, flow.purpose === 'debug' ? 'errors.sso.notConfigured' : 'errors.sso.notEnabled');
  }
  const secrets = await newFlowSecrets();
  await deps.repos.sso.insertState({
    state_hash: hashToken(secrets.state),
    org_id: flow.orgId,
    purpose: flow.purpose,
    code_verifier: secrets.codeVerifier,
    nonce: secrets.nonce,
    account_id: flow.accountId,
    session_id: flow.sessionId ?? null,
    created_at: now,
    expires_at: now + SSO_STATE_TTL_MS,
  });
  const callback = ssoCallbackUrl(portalOrigin);
  const { setting } = stored;
  const fetch = ssoFetch(deps.outbound);
  switch (protocolOf(stored)) {
    case 'cas':
      return casLoginUrl(setting.casUrl, casService(callback, secrets.state));
    case 'oidc':
      return oidcAuthorizeUrl(
        { server: stored.oidcServer!, clientId: setting.clientId, clientSecret: stored.clientSecret },
        fetch,
        { redirectUri: callback, scope: setting.scope, ...secrets },
      );
    default:
      return oauthAuthorizeUrl(setting.authorize, {
        ...secrets,
        timestamp: String(now),
        clientId: setting.clientId,
        redirectUri: callback,
      });
  }
}

/** What the identity provider sent back to the callback. */
export interface SsoReturn {
  state: string;
  code?: string;
  ticket?: string;
  iss?: string;
  error?: string;
}

/**
 * Asks the identity provider who came back, per the protocol; its failures as the API's errors. An OpenID
 * provider's ID token comes with the identity (kept for the sign-out).
 */
async function readIdentity(
  deps: SsoDeps,
  stored: StoredSso,
  back: SsoReturn,
  flow: { codeVerifier: string; nonce: string },
  callback: string,
): Promise<{ identity: SsoIdentity; idToken: string | null }> {
  const { setting } = stored;
  const fetch = ssoFetch(deps.outbound);
  const protocol = protocolOf(stored);
  let answer: unknown;
  let idToken: string | null = null;
  try {
    if (protocol === 'cas') {
      if (!back.ticket) throw new ApiError(401, 'errors.sso.ticketRejected');
      answer = await validateServiceTicket(
        fetch,
        { url: setting.casUrl, version: setting.casVersion },
        casService(callback, back.state),
        back.ticket,
      );
    } else {
      if (!back.code) throw new ApiError(401, 'errors.sso.codeRejected');
      if (protocol === 'oidc') {
        const url = new URL(callback);
        url.searchParams.set('code', back.code);
        url.searchParams.set('state', back.state);
        if (back.iss) url.searchParams.set('iss', back.iss);
        const tokens = await oidcClaims(
          { server: stored.oidcServer!, clientId: setting.clientId, clientSecret: stored.clientSecret },
          fetch,
          url,
          { state: back.state, nonce: flow.nonce, codeVerifier: flow.codeVerifier },
        );
        answer = tokens.claims;
        idToken = tokens.idToken;
      } else {
        answer = await oauthUserAnswer(
          fetch,
          { token: setting.token, user: setting.user },
          {
            code: back.code,
            codeVerifier: flow.codeVerifier,
            nonce: flow.nonce,
            state: back.state,
            clientId: setting.clientId,
            clientSecret: stored.clientSecret,
            redirectUri: callback,
          },
        );
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const refusal = causeOf(error, OutboundRefusal);
    if (refusal) throw outboundRefusalError(refusal);
    if (causeOf(error, OutboundTooLarge)) throw new ApiError(503, 'errors.sso.answerTooLarge');
    if (error instanceof CasError && error.reason === 'refused')
      throw new ApiError(401, 'errors.sso.ticketRejected');
    if (error instanceof OAuthAnswerError) throw new ApiError(401, 'errors.sso.codeRejected');
    // openid-client's refusals (a wrong nonce, state, PKCE verifier, issuer or audience, an error answer).
    if (
      error instanceof Error &&
      /^(OAUTH_|ERR_JWT|ERR_JWS)/.test(String((error as { code?: unknown }).code))
    ) {
      throw new ApiError(401, 'errors.sso.codeRejected');
    }
    throw new ApiError(503, 'errors.sso.unreachable');
  }
  const identity = mapSsoIdentity(protocol, answer, setting.mapping);
  if (!identity) throw new ApiError(400, 'errors.sso.noExternalId');
  return { identity, idToken };
}

/**
 * The organisation's account an identity signs in as: the one its external id is bound to (an imported SSO
 * account), else a member whose verified email or whose mobile the mapping gave. A match by email or mobile
 * is bound when `bind` (a sign-in, not a debug), so the next sign-in finds it by external id.
 */
async function matchAccount(
  repos: Repositories,
  orgId: number,
  identity: SsoIdentity,
  bind: { now: number } | null,
): Promise<AccountWithOrganization | undefined> {
  const boundId = await repos.sso.findBoundAccountId(orgId, identity.externalId);
  if (boundId !== undefined) {
    const bound = await repos.accounts.findWithOrganization(orgId, boundId);
    if (bound && bound.status !== 'removed') return bound;
  }
  const names = [identity.emailVerified ? identity.email : null, hostMobile(identity.mobile)];
  for (const name of names) {
    if (!name) continue;
    const found = await repos.accounts.findByIdentifier(parseAccountIdentifier(name));
    if (!found || Number(found.org_id) !== orgId || found.status === 'removed') continue;
    if (bind) await repos.sso.bind(orgId, identity.externalId, Number(found.id), bind.now);
    return found;
  }
  return undefined;
}

/**
 * An unlock flow's return: the identity that came back must be the locked session's member (the account its
 * external id is bound to, or whose verified email or mobile it carries), in the browser holding that
 * session, which must still be open; then that session, and only it, is unlocked. Another identity: 403
 * errors.sso.otherIdentity, and the screen stays locked.
 */
async function unlockThroughSso(
  deps: SsoDeps,
  stored: StoredSso,
  back: SsoReturn,
  flow: SsoStateRow,
  at: { callback: string; browserSessionId: number | undefined },
): Promise<void> {
  const orgId = Number(flow.org_id);
  const sessionId = Number(flow.session_id);
  if (flow.session_id === null || at.browserSessionId !== sessionId) {
    throw new ApiError(401, 'errors.sso.stateRejected');
  }
  const flowSecrets = { codeVerifier: flow.code_verifier, nonce: flow.nonce };
  const { identity } = await readIdentity(deps, stored, back, flowSecrets, at.callback);
  const account = await matchAccount(deps.repos, orgId, identity, null);
  if (!account || Number(account.id) !== Number(flow.account_id)) {
    throw new ApiError(403, 'errors.sso.otherIdentity');
  }
  await deps.repos.sessions.setLocked(sessionId, null);
}

/** What a session's sealed ID token is bound to: it opens for that session of that organisation only. */
export const idTokenContext = (orgId: number, sessionId: number) =>
  `sso_sessions:${orgId}:${sessionId}:id_token`;

/** The name an SSO sign-in's login-log row and failure counter use: `sso:<org>:<external id>`. */
export const ssoSignInName = (orgId: number, externalId: string) => `sso:${orgId}:${externalId}`;

/** What a completed flow ended in: a session, or a debug result recorded for the administrator. */
export type SsoOutcome =
  | { kind: 'signedIn'; signedIn: SignedIn }
  | { kind: 'debugged'; result: SsoDebugResult }
  | { kind: 'unlocked' };

/**
 * Completes a flow at the callback (or POST /api/sso/login): takes the state once (unknown, used or
 * expired: 401 errors.sso.stateRejected, counted against the address), asks the identity provider who
 * came back with the flow's PKCE verifier and nonce, and maps the identity. A debug records the mapped
 * identity and whom it matches, signing nobody in; a successful one lets the saved configuration be
 * enabled. A sign-in matches the account and starts the session through signIn() like a password
 * sign-in (login log with SSO as the client, limits, lock, the 5-day cap); nobody: 403 errors.sso.noAccount.
 * An unlock unlocks its session when the same identity returns (unlockThroughSso).
 */
export async function completeSsoFlow(
  deps: SsoDeps,
  back: SsoReturn,
  portalOrigin: string | null,
  attempt: SignInRequest,
  now: () => number,
  /** The session of the browser the identity provider returned (an unlock must come back to it). */
  browserSessionId?: number,
): Promise<SsoOutcome> {
  const flow = await deps.repos.sso.claimState(hashToken(back.state), now());
  if (!flow) {
    await countAddressFailure(deps.db, attempt.ip, now());
    throw new ApiError(401, 'errors.sso.stateRejected');
  }
  const orgId = Number(flow.org_id);
  const stored = await loadStored(deps, orgId);
  if (!stored) throw new ApiError(404, 'errors.sso.notConfigured');
  const callback = ssoCallbackUrl(portalOrigin);
  const flowSecrets = { codeVerifier: flow.code_verifier, nonce: flow.nonce };

  if (flow.purpose === 'debug') {
    let result: SsoDebugResult;
    try {
      if (back.error) throw new ApiError(401, 'errors.sso.denied');
      const { identity } = await readIdentity(deps, stored, back, flowSecrets, callback);
      const account = await matchAccount(deps.repos, orgId, identity, null);
      result = {
        at: now(),
        ok: true,
        identity,
        account: account ? (account.email ?? account.mobile ?? '') : '',
        error: '',
      };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      result = { at: now(), ok: false, identity: null, account: '', error: error.key };
    }
    await deps.repos.sso.recordDebug(orgId, JSON.stringify(result), result.ok ? stored.settingHash : null);
    return { kind: 'debugged', result };
  }

  if (!stored.enabled) throw new ApiError(404, 'errors.sso.notEnabled');
  if (back.error) throw new ApiError(401, 'errors.sso.denied');
  if (flow.purpose === 'unlock') {
    await unlockThroughSso(deps, stored, back, flow, { callback, browserSessionId });
    return { kind: 'unlocked' };
  }
  const { identity, idToken } = await readIdentity(deps, stored, back, flowSecrets, callback);
  const at = now();
  const signedIn = await signIn(deps, { ...attempt, loginClient: 'sso', loginMode: 'sso' }, at, {
    name: ssoSignInName(orgId, identity.externalId),
    // The identity provider has verified the user: no captcha, no code to type.
    secondFactor: false,
    underEnforcedSso: 'sso',
    async check() {
      const account = await matchAccount(deps.repos, orgId, identity, { now: at });
      if (!account) throw new ApiError(403, 'errors.sso.noAccount');
      return { account, verified: true };
    },
  });
  // A CAS sign-in keeps its ticket (hashed): the CAS server's single logout names it. An OpenID sign-in keeps
  // its ID token (sealed, for this session only): the sign-out hands it to the provider as id_token_hint.
  const ticketHash = protocolOf(stored) === 'cas' && back.ticket ? hashToken(back.ticket) : null;
  const sessionId = await deps.repos.sso.sessionIdOf(hashToken(signedIn.token));
  await deps.repos.sso.recordSession(
    orgId,
    sessionId,
    { ticketHash, idToken: idToken ? deps.secrets.seal(idToken, idTokenContext(orgId, sessionId)) : null },
    at,
  );
  return { kind: 'signedIn', signedIn };
}

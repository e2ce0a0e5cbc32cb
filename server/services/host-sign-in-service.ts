import { randomBytes } from 'node:crypto';
import { HOST_BIND_TICKET_TTL_MS, HOST_STATE_TTL_MS, type HostPlatform } from '../../domain/constants';
import { MOBILE_PATTERN, parseAccountIdentifier } from '../../domain/rules/account-identifier';
import type { HostAuthorizeUrlRequest, HostSignInRequest } from '../../domain/schemas/host-sign-in';
import { ApiError } from '../core/errors';
import type { HostIdentity } from '../integrations/host-api';
import type { HostApis } from '../integrations/host-apis';
import { HostApiError } from '../integrations/host-http';
import type { AccountWithOrganization } from '../repositories/accounts-repository';
import type { HostIntegrationRow } from '../repositories/host-integrations-repository';
import { type Repositories, readRepositories } from '../repositories';
import type { Database } from '../db/tables';
import type { Kysely } from 'kysely';
import { type SecretBox, SecretBoxError } from '../security/secret-box';
import { hashToken } from '../security/tokens';
import { integrationCredentials } from '../integrations/host-credentials';
import { databaseTokenSource } from '../integrations/host-token-cache';
import { addressThrottled, countAddressFailure } from './address-limits';
import { type SignedIn, type SignInDeps, type SignInRequest, signIn } from './sign-in-service';

/** What host sign-in works with besides the sign-in service's own: the platforms and the secrets. */
export interface HostSignInDeps extends SignInDeps {
  apis: HostApis;
  secrets: SecretBox;
  /** How long the whole exchange with the platform may take before 503. */
  timeoutMs: number;
  /** Where a platform failure an operator should see is written (never a secret). */
  warn: (message: string) => void;
}

/** The platforms whose sign-in comes back from the OAuth page with a state the portal issued. */
const OAUTH_PLATFORMS: readonly HostPlatform[] = ['wecom', 'wechat'];

/** The host id a request names the integration by: `corpId` for DingTalk and WeCom, `appId` otherwise. */
function requestedHostId(platform: HostPlatform, ids: { corpId?: string; appId?: string }): string {
  const [first, second] =
    platform === 'dingtalk' || platform === 'wecom' ? [ids.corpId, ids.appId] : [ids.appId, ids.corpId];
  return (first || second || '').trim();
}

/**
 * An OAuth state: the integration's id, an `x`, and 40 random hex digits. Letters and digits only, as
 * WeChat documents for `state` (at most 128); the id lets a return without the entry's query find its
 * integration.
 */
function newState(integrationId: number): string {
  return `${integrationId}x${randomBytes(20).toString('hex')}`;
}

/** The integration id a state names, or null when it is not one of ours. */
function stateIntegrationId(state: string): number | null {
  const match = /^(\d{1,15})x[0-9a-f]{40}$/.exec(state);
  return match ? Number(match[1]) : null;
}

/**
 * The enabled integration a host sign-in names: by its corp or app id; for WeChat and WeCom, without one,
 * by the integration id its state carries. None: 403 errors.host.notConfigured.
 */
async function findIntegration(
  repos: Repositories,
  platform: HostPlatform,
  ids: { corpId?: string; appId?: string; state?: string },
): Promise<HostIntegrationRow> {
  const hostId = requestedHostId(platform, ids);
  let row: HostIntegrationRow | undefined;
  if (hostId) {
    row = await repos.hostIntegrations.findEnabledByCorpId(platform, hostId);
  } else if (OAUTH_PLATFORMS.includes(platform) && ids.state) {
    const id = stateIntegrationId(ids.state);
    const found = id === null ? undefined : await repos.hostIntegrations.findById(id);
    row = found?.platform === platform && found.enabled === 1 ? found : undefined;
  }
  if (!row) throw new ApiError(403, 'errors.host.notConfigured');
  return row;
}

/** A host's mobile number as the portal stores it (`+86 138-0000-0000` -> `13800000000`), or null. */
export function hostMobile(value: string | null): string | null {
  if (!value) return null;
  const digits = value.replace(/[\s-]/g, '').replace(/^(\+86|0086|86(?=1\d{10}$))/, '');
  return MOBILE_PATTERN.test(digits) ? digits : null;
}

/** A host's email as the portal stores it (lower case), or null when it is not an address. */
function hostEmail(value: string | null): string | null {
  if (!value) return null;
  const identifier = parseAccountIdentifier(value);
  return identifier.kind === 'email' ? identifier.value : null;
}

/**
 * Asks the platform who a sign-in code belongs to, with the integration's credentials and cached tokens,
 * within the deadline. A refused code is 401 errors.host.codeRejected; a platform that times out, fails,
 * limits the rate or refuses the app's credentials is 503 errors.host.unreachable (and a warning for
 * the operator, naming the platform's own error, never a secret).
 */
async function identify(
  deps: HostSignInDeps,
  row: HostIntegrationRow,
  code: string,
  now: () => number,
): Promise<HostIdentity> {
  const platform = row.platform as HostPlatform;
  const api = deps.apis[platform];
  const signal = AbortSignal.timeout(deps.timeoutMs);
  try {
    const credentials = integrationCredentials(row, deps.secrets);
    const tokens = databaseTokenSource(
      { integrations: deps.repos.hostIntegrations, secrets: deps.secrets, now },
      Number(row.id),
      api,
      credentials,
      signal,
      deps.timeoutMs + 1000,
    );
    return await api.identify(code, { credentials, tokens, signal });
  } catch (error) {
    if (error instanceof HostApiError) {
      if (error.reason === 'codeRejected') throw new ApiError(401, 'errors.host.codeRejected');
      deps.warn(`host sign-in of organisation ${row.org_id} failed: ${error.message}`);
      throw new ApiError(503, 'errors.host.unreachable');
    }
    if (error instanceof SecretBoxError) {
      deps.warn(`host sign-in of organisation ${row.org_id}: ${error.message}`);
      throw new ApiError(503, 'errors.host.unreachable');
    }
    throw error;
  }
}

/**
 * The account a host identity signs in as, in the integration's organisation only: its binding first (a
 * binding to a former member is dropped); else an account of that organisation whose mobile number or
 * email is the host's, which is then bound; else none.
 */
async function resolveAccount(
  repos: Repositories,
  orgId: number,
  platform: HostPlatform,
  identity: HostIdentity,
  now: number,
): Promise<AccountWithOrganization | undefined> {
  const binding = await repos.hostBindings.find(orgId, platform, identity);
  // A third-party account its organisation's system switched off (open API thirdaccount/0) signs nobody in.
  if (binding && binding.disabled_at !== null) return undefined;
  if (binding) {
    const bound = await repos.accounts.findWithOrganization(orgId, Number(binding.account_id));
    if (bound && bound.status !== 'removed') return bound;
  }
  for (const name of [hostMobile(identity.mobile), hostEmail(identity.email)]) {
    if (!name) continue;
    const found = await repos.accounts.findByIdentifier(parseAccountIdentifier(name));
    // A mobile number or email of another organisation's account is not this organisation's member.
    if (!found || Number(found.org_id) !== orgId) continue;
    if (binding)
      await repos.hostBindings.rebind(orgId, platform, binding.host_user_id, Number(found.id), now);
    else await repos.hostBindings.bind(orgId, platform, identity, Number(found.id), now);
    return found;
  }
  return undefined;
}

/** The name a host sign-in's login-log row and failure counter use: `<platform>:<org>:<host user id>`. */
export function hostSignInName(platform: HostPlatform, orgId: number, userId: string): string {
  return `${platform}:${orgId}:${userId}`;
}

/** Runs a code check, counting a refused code (or OAuth state) as a failure of the address. */
async function countingRefusals<T>(
  db: Kysely<Database>,
  ip: string,
  now: () => number,
  check: () => Promise<T>,
): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof ApiError && error.key === 'errors.host.codeRejected')
      await countAddressFailure(db, ip, now());
    throw error;
  }
}

/**
 * Sign-in inside a chat host (POST /api/account/isAuthorizeLogin): finds the enabled integration the
 * request names, checks the OAuth state the portal issued (WeChat, WeCom: single use, this integration),
 * exchanges the code with the platform, finds the organisation's account of that identity, and starts
 * the session through signIn() as a password sign-in does (login-log row with the platform as client,
 * limits, lock). No account: 403 errors.host.noAccount with a single-use bind ticket of the identity, for
 * POST /api/account/bindHost after a password sign-in.
 */
export async function signInInHost(
  deps: HostSignInDeps,
  attempt: SignInRequest,
  input: Omit<HostSignInRequest, 'autoLogin' | 'lang'>,
  now: () => number,
): Promise<SignedIn> {
  const platform = input.platform;
  // An address sending code after refused code waits like a password guesser, before the platform is
  // asked again: made-up codes must not spend the organisation's platform quota for everyone else.
  if (await addressThrottled(deps.repos, attempt.ip, now()))
    throw new ApiError(429, 'errors.login.tooManyAttempts');
  const row = await findIntegration(deps.repos, platform, input);
  const orgId = Number(row.org_id);
  const identity = await countingRefusals(deps.db, attempt.ip, now, async () => {
    if (OAUTH_PLATFORMS.includes(platform)) {
      const claimed =
        input.state &&
        (await deps.repos.hostTickets.claimState(hashToken(input.state), Number(row.id), now()));
      if (!claimed) throw new ApiError(401, 'errors.host.codeRejected');
    }
    return identify(deps, row, input.code, now);
  });
  const at = now();
  return signIn(deps, { ...attempt, loginClient: platform }, at, {
    name: hostSignInName(platform, orgId, identity.userId),
    // No captcha and no security verification: a host's one-time code is not something a person types
    // or guesses, and the host has already verified the user.
    secondFactor: false,
    underEnforcedSso: 'refused',
    async check() {
      const account = await resolveAccount(deps.repos, orgId, platform, identity, at);
      if (account) return { account, verified: true };
      const ticket = randomBytes(32).toString('base64url');
      await deps.repos.hostTickets.insertBindTicket(
        hashToken(ticket),
        { orgId, platform, userId: identity.userId, openId: identity.openId, unionId: identity.unionId },
        at,
        at + HOST_BIND_TICKET_TTL_MS,
      );
      throw new ApiError(403, 'errors.host.noAccount', { bindTicket: ticket });
    },
  });
}

/**
 * Binds the host identity of a bind ticket to the signed-in account (POST /api/account/bindHost), when the
 * ticket is live, unused and of the account's organisation (else 400 errors.host.bindTicketInvalid); an
 * identity bound to another active account is refused (409 errors.host.alreadyBound). Returns the platform.
 */
export async function bindHostIdentity(
  db: Kysely<Database>,
  session: { orgId: number; accountId: number },
  bindTicket: string,
  now: number,
): Promise<HostPlatform> {
  const repos = readRepositories(db);
  const grant = await repos.hostTickets.claimBindTicket(hashToken(bindTicket), session.orgId, now);
  if (!grant) throw new ApiError(400, 'errors.host.bindTicketInvalid');
  const existing = await repos.hostBindings.find(grant.orgId, grant.platform, grant);
  if (existing && Number(existing.account_id) !== session.accountId) {
    const holder = await repos.accounts.findById(grant.orgId, Number(existing.account_id));
    if (holder && holder.status !== 'removed') throw new ApiError(409, 'errors.host.alreadyBound');
    await repos.hostBindings.rebind(
      grant.orgId,
      grant.platform,
      existing.host_user_id,
      session.accountId,
      now,
    );
  } else if (!existing) {
    await repos.hostBindings.bind(grant.orgId, grant.platform, grant, session.accountId, now);
  }
  return grant.platform;
}

/**
 * The OAuth authorize URL of WeChat or WeCom for an enabled integration (POST /api/host/authorizeUrl),
 * with a state the portal keeps (single use, HOST_STATE_TTL_MS) and a redirect URI that must be on
 * `portalOrigin` (the portal's own, request.portalOrigin), so the portal is no open redirect. WeCom asks for
 * snsapi_privateinfo (mobile and email through auth/getuserdetail) when it has an agent id, a WeChat
 * Official Account for snsapi_base (openid only).
 */
export async function hostAuthorizeUrl(
  db: Kysely<Database>,
  oauthBase: string,
  input: HostAuthorizeUrlRequest,
  portalOrigin: string | null,
  now: number,
): Promise<string> {
  const repos = readRepositories(db);
  const row = await findIntegration(repos, input.platform, input);
  let redirect: URL;
  try {
    redirect = new URL(input.redirectUri);
  } catch {
    throw new ApiError(400, 'errors.host.badRedirect');
  }
  if (!/^https?:$/.test(redirect.protocol) || redirect.origin !== portalOrigin) {
    throw new ApiError(400, 'errors.host.badRedirect');
  }
  // WeChat puts the code before the fragment; a fragment the client wants back stays on the redirect URI.
  const state = newState(Number(row.id));
  await repos.hostTickets.insertState(hashToken(state), Number(row.id), now, now + HOST_STATE_TTL_MS);
  const agentId = input.platform === 'wecom' ? row.agent_id || (input.agentId ?? '').trim() : '';
  const scope = input.platform === 'wecom' && agentId ? 'snsapi_privateinfo' : 'snsapi_base';
  // WeChat checks the parameters in this order.
  const query = [
    ['appid', row.corp_id],
    ['redirect_uri', redirect.toString()],
    ['response_type', 'code'],
    ['scope', scope],
    ['state', state],
    ...(agentId ? [['agentid', agentId]] : []),
  ]
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
  return `${oauthBase}/connect/oauth2/authorize?${query}#wechat_redirect`;
}

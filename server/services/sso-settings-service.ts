import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SsoConfigResponse, SsoDebugResult, SsoSetting } from '../../domain/schemas/sso';
import { ssoDebugResultSchema, ssoSettingSchema } from '../../domain/schemas/sso';
import { logDetails, logField, logMessage } from '../../domain/rules/operation-log-content';
import type { Database } from '../db/tables';
import { ApiError } from '../core/errors';
import type { Operator } from '../core/operator';
import { discoverIssuer, type OidcServer } from '../integrations/sso-oidc';
import { readRepositories, type Repositories, withTransaction } from '../repositories';
import type { SsoSettingRow } from '../repositories/sso-repository';
import { causeOf, createGuardedFetch, type GuardedFetch, OutboundTooLarge } from '../security/outbound-fetch';
import { type OutboundGuard, OutboundRefusal, outboundRefusalError } from '../security/outbound-guard';
import type { SecretBox } from '../security/secret-box';

/** How long one call to an identity provider may take, and how large its answer may be. */
export const SSO_TIMEOUT_MS = 10_000;
export const SSO_MAX_ANSWER_BYTES = 512 * 1024;

/** What SSO services work with. */
export interface SsoDeps {
  db: Kysely<Database>;
  repos: Repositories;
  secrets: SecretBox;
  outbound: OutboundGuard;
}

/** The SSO services' dependencies over the database's own repositories, for a front door that has none. */
export function ssoDepsOf(deps: Omit<SsoDeps, 'repos'>): SsoDeps {
  return { db: deps.db, repos: readRepositories(deps.db), secrets: deps.secrets, outbound: deps.outbound };
}

/** A stored configuration as the services use it: the setting, the discovered issuer, the open secret. */
export interface StoredSso {
  orgId: number;
  setting: SsoSetting;
  oidcServer: OidcServer | null;
  clientSecret: string;
  enabled: boolean;
  settingHash: string;
  debugged: boolean;
  lastDebug: SsoDebugResult | null;
  breakGlassAccountId: number | null;
}

const secretContext = (orgId: number) => `org_sso_settings:${orgId}:client_secret`;

/** The fetch every call to an identity provider goes through: the outbound guard, time and size limits. */
export function ssoFetch(outbound: OutboundGuard): GuardedFetch {
  return createGuardedFetch(outbound, { timeoutMs: SSO_TIMEOUT_MS, maxBytes: SSO_MAX_ANSWER_BYTES });
}

/** The address the identity provider returns to (the redirect URI, or CAS's service without its state). */
export function ssoCallbackUrl(portalOrigin: string | null): string {
  return `${portalOrigin ?? ''}/api/sso/callback`;
}

/**
 * Where an OpenID provider sends the browser back after signing out: a portal address without a fragment
 * (OIDC refuses fragments in a registered post-logout address), which forwards to the /sso/logout page.
 */
export function ssoLoggedOutUrl(portalOrigin: string | null): string {
  return `${portalOrigin ?? ''}/api/sso/logged-out`;
}

/** A stored row opened: the secret decrypted, the debug result parsed. */
export function openSsoRow(row: SsoSettingRow, secrets: SecretBox): StoredSso {
  const stored = JSON.parse(row.setting) as { setting: SsoSetting; oidcServer: OidcServer | null };
  const orgId = Number(row.org_id);
  const lastDebug = row.last_debug ? ssoDebugResultSchema.safeParse(JSON.parse(row.last_debug)) : null;
  return {
    orgId,
    setting: stored.setting,
    oidcServer: stored.oidcServer,
    clientSecret: row.client_secret ? secrets.open(row.client_secret, secretContext(orgId)) : '',
    enabled: row.enabled === 1,
    settingHash: row.setting_hash,
    debugged: row.debugged_hash !== '' && row.debugged_hash === row.setting_hash,
    lastDebug: lastDebug?.success ? lastDebug.data : null,
    breakGlassAccountId: row.break_glass_account_id === null ? null : Number(row.break_glass_account_id),
  };
}

/** GET /api/sso/config: the organisation's configuration without its secret, and where to register. */
export async function readSsoConfig(
  deps: Pick<SsoDeps, 'repos'>,
  orgId: number,
  portalOrigin: string | null,
): Promise<SsoConfigResponse> {
  const row = await deps.repos.sso.find(orgId);
  const stored = row ? (JSON.parse(row.setting) as { setting: SsoSetting }) : null;
  const lastDebug = row?.last_debug ? ssoDebugResultSchema.safeParse(JSON.parse(row.last_debug)) : null;
  return {
    setting: stored ? { ...stored.setting, clientSecret: '' } : null,
    hasClientSecret: Boolean(row?.client_secret),
    enabled: row?.enabled === 1,
    debugged: Boolean(row && row.debugged_hash !== '' && row.debugged_hash === row.setting_hash),
    lastDebug: lastDebug?.success ? lastDebug.data : null,
    callbackUrl: ssoCallbackUrl(portalOrigin),
    logoutReturnUrl: ssoLoggedOutUrl(portalOrigin),
    signInUrl: `${portalOrigin ?? ''}/#/sso?orgId=${orgId}`,
  };
}

/** Refuses (400) an address the outbound guard will not connect to. */
async function assertAddress(outbound: OutboundGuard, url: string): Promise<void> {
  if (!url) return;
  try {
    await outbound.assertAllowed(url);
  } catch (error) {
    if (error instanceof OutboundRefusal) throw outboundRefusalError(error);
    throw error;
  }
}

/** Reads an issuer's discovery document: its addresses, or 400 errors.sso.discoveryFailed. */
export async function discoverSsoIssuer(outbound: OutboundGuard, issuer: string): Promise<OidcServer> {
  await assertAddress(outbound, issuer);
  try {
    return await discoverIssuer(issuer, ssoFetch(outbound));
  } catch (error) {
    const refusal = causeOf(error, OutboundRefusal);
    if (refusal) throw outboundRefusalError(refusal);
    if (causeOf(error, OutboundTooLarge)) throw new ApiError(400, 'errors.sso.answerTooLarge');
    throw new ApiError(400, 'errors.sso.discoveryFailed');
  }
}

/** How the operation log describes a configuration (never the secret). */
function describe(setting: SsoSetting, secretChanged: boolean) {
  const fields =
    setting.type === 'cas'
      ? [logField('operationLog.words.url', setting.casUrl), `CAS ${setting.casVersion}`]
      : [
          setting.oidcIssuer
            ? logField('operationLog.words.ssoIssuer', setting.oidcIssuer)
            : logField('operationLog.words.url', setting.authorize.url),
          logField('operationLog.words.ssoClientId', setting.clientId),
          secretChanged && logMessage('operationLog.words.ssoSecretChanged'),
        ];
  return logMessage('operationLog.content.ssoSaved', {
    type: setting.type === 'cas' ? 'CAS' : 'OAuth 2.0',
    details: logDetails(fields),
  });
}

/**
 * Apply (SPEC §4): checks and saves the configuration, which turns SSO off until a debug of this very
 * configuration succeeds and it is enabled again. An OIDC issuer's discovery fills the addresses; every
 * address goes through the outbound guard first; the client secret is sealed, an empty one keeps the
 * stored one. One transaction with the operation-log row.
 */
export async function saveSsoSetting(
  deps: SsoDeps,
  orgId: number,
  input: SsoSetting,
  operator: Operator,
  now: number,
): Promise<SsoSetting> {
  let setting = ssoSettingSchema.parse(input);
  let oidcServer: OidcServer | null = null;
  if (setting.type === 'oauth2' && setting.oidcIssuer) {
    oidcServer = await discoverSsoIssuer(deps.outbound, setting.oidcIssuer);
    setting = {
      ...setting,
      authorize: { ...setting.authorize, url: oidcServer.authorization_endpoint },
      token: { ...setting.token, url: oidcServer.token_endpoint },
      user: { ...setting.user, url: oidcServer.userinfo_endpoint ?? '' },
      logout: { ...setting.logout, url: oidcServer.end_session_endpoint ?? setting.logout.url },
    };
  }
  const addresses =
    setting.type === 'cas'
      ? [setting.casUrl, setting.sourceUrl]
      : [setting.sourceUrl, setting.authorize.url, setting.token.url, setting.user.url, setting.logout.url];
  for (const url of addresses) await assertAddress(deps.outbound, url);

  const existing = await deps.repos.sso.find(orgId);
  const secretChanged = setting.clientSecret !== '';
  const sealed = secretChanged
    ? deps.secrets.seal(setting.clientSecret, secretContext(orgId))
    : (existing?.client_secret ?? '');
  const plainSecret = secretChanged
    ? setting.clientSecret
    : existing?.client_secret
      ? deps.secrets.open(existing.client_secret, secretContext(orgId))
      : '';
  if (setting.type === 'oauth2' && !plainSecret && !setting.oidcIssuer) {
    throw new ApiError(400, 'errors.sso.clientSecretRequired');
  }
  const kept = { ...setting, clientSecret: '' };
  const json = JSON.stringify({ setting: kept, oidcServer });
  // The hash a debug is recorded against: the configuration and its secret, so a new secret needs a new debug.
  const settingHash = createHash('sha256').update(json).update('\0').update(plainSecret).digest('hex');
  await withTransaction(deps.db, async (tx) => {
    await tx.sso.save(orgId, { type: setting.type, setting: json, clientSecret: sealed, settingHash }, now);
    await tx.operationLogs.insert({
      orgId,
      operatorId: operator.id,
      operatorName: operator.name,
      module: 'ssoAuth',
      content: describe(setting, secretChanged),
      now,
    });
  });
  return kept;
}

/**
 * Enable (SPEC §4): only once a debug of the saved configuration succeeded (409 errors.sso.notDebugged
 * otherwise, 404 errors.sso.notConfigured without one). Every sign-in of the organisation then goes through
 * SSO and its open sessions end, but the enabling administrator's own (`keepSessionId`).
 */
export async function setSsoEnabled(
  deps: Pick<SsoDeps, 'db' | 'repos'>,
  orgId: number,
  enabled: boolean,
  operator: Operator,
  keepSessionId: number | null,
  now: number,
): Promise<{ enabled: boolean; endedSessions: number }> {
  const row = await deps.repos.sso.find(orgId);
  if (!row) throw new ApiError(404, 'errors.sso.notConfigured');
  if (enabled && (row.debugged_hash === '' || row.debugged_hash !== row.setting_hash)) {
    throw new ApiError(409, 'errors.sso.notDebugged');
  }
  return withTransaction(deps.db, async (tx) => {
    await tx.sso.setEnabled(orgId, enabled, now);
    const endedSessions = enabled ? await tx.sso.revokeOrgSessions(orgId, keepSessionId, now) : 0;
    await tx.operationLogs.insert({
      orgId,
      operatorId: operator.id,
      operatorName: operator.name,
      module: 'ssoAuth',
      content: enabled
        ? logMessage('operationLog.content.ssoEnabled', { count: endedSessions })
        : logMessage('operationLog.content.ssoDisabled'),
      now,
    });
    return { enabled, endedSessions };
  });
}

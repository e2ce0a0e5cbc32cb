import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ACCESS_TOKEN_TTL_S, DAY_MS, MINUTE_MS, SECOND_MS } from '../../domain/constants';
import type { AppCredential, AppCredentialIssued } from '../../domain/schemas/app-credential';
import type { AccessToken } from '../../domain/schemas/open-api';
import { logMessage } from '../../domain/rules/operation-log-content';
import { ApiError } from '../core/errors';
import type { Operator } from '../core/operator';
import type { Database } from '../db/tables';
import type { AppCredentialRow } from '../repositories/app-credentials-repository';
import { readRepositories, type Repositories, withTransaction } from '../repositories';
import type { OrgChangeContext } from './service-context';
import { hashToken } from '../security/tokens';

/** Token requests one app key may make per window, and one address, wrong secrets included. */
export const TOKEN_REQUESTS_PER_KEY = 60;
export const TOKEN_REQUESTS_PER_ADDRESS = 120;
export const TOKEN_REQUEST_WINDOW_MS = MINUTE_MS;
/** How long an expired token is still told apart from an unknown one before it is forgotten. */
export const EXPIRED_TOKEN_MEMORY_MS = DAY_MS;

/** The path callers fetch tokens at (shown on the screen's invocation step). */
export const TOKEN_PATH = '/api/Sdk/ucapi/token';

const SECRET_PREFIX = 'uas_';
const TOKEN_PATTERN = /^Bearer (uat_[\w-]{43})$/;
/** The hash a wrong app key is compared against, so an unknown key costs what a known one does. */
const DECOY_HASH = hashToken(`${SECRET_PREFIX}decoy`);

/** The organisation's app credential as the screen reads it. */
export function presentAppCredential(row: AppCredentialRow): AppCredential {
  return {
    id: row.id,
    name: row.name,
    appKey: row.app_key,
    secretMask: row.secret_mask,
    secretIssuedAt: Number(row.secret_issued_at),
    createdAt: Number(row.created_at),
  };
}

/** A new secret: 256 random bits, URL-safe, and what is shown of it afterwards. */
function newSecret(): { secret: string; hash: string; mask: string } {
  const secret = `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, hash: hashToken(secret), mask: `${SECRET_PREFIX}••••••••${secret.slice(-4)}` };
}

function credentialLog(repos: Repositories, orgId: number, operator: Operator, now: number) {
  return (key: Parameters<typeof logMessage>[0], params: Record<string, string | number>) =>
    repos.operationLogs.insert({
      orgId,
      operatorId: operator.id,
      operatorName: operator.name,
      module: 'appCredential',
      content: logMessage(key, params),
      now,
    });
}

/**
 * Creates the organisation's app credential (one per organisation; a second is 409) with an operation-log
 * row. The secret is in the answer only: the database keeps its SHA-256.
 */
export async function createAppCredential(
  context: OrgChangeContext,
  name: string,
): Promise<AppCredentialIssued> {
  const { db, orgId, operator, now } = context;
  return withTransaction(db, async (repos) => {
    if (await repos.appCredentials.findByOrg(orgId)) throw new ApiError(409, 'errors.appCredential.exists');
    const appKey = `uak_${randomBytes(12).toString('base64url')}`;
    const { secret, hash, mask } = newSecret();
    await repos.appCredentials.insert({ orgId, name, appKey, secretHash: hash, secretMask: mask, now });
    await credentialLog(
      repos,
      orgId,
      operator,
      now,
    )('operationLog.content.appCredentialCreated', {
      name,
      appKey,
    });
    const row = await repos.appCredentials.findByOrg(orgId);
    return { ...presentAppCredential(row!), appSecret: secret, revokedTokens: 0 };
  });
}

/** What the appCredential screen's steps need: the organisation's credential (or none) and the token call. */
export async function appCredentialScreen(
  db: Kysely<Database>,
  orgId: number,
): Promise<{ credential: AppCredential | null; tokenPath: string; expiresIn: number }> {
  const row = await readRepositories(db).appCredentials.findByOrg(orgId);
  return {
    credential: row ? presentAppCredential(row) : null,
    tokenPath: TOKEN_PATH,
    expiresIn: ACCESS_TOKEN_TTL_S,
  };
}

/** The organisation's own credential by id, else 404. */
async function ownCredential(repos: Repositories, orgId: number, id: number): Promise<AppCredentialRow> {
  const row = await repos.appCredentials.findByOrg(orgId);
  if (!row || row.id !== id) throw new ApiError(404, 'errors.appCredential.notFound');
  return row;
}

/** Renames the credential (Modify/{id}); an unchanged name writes nothing. */
export async function renameAppCredential(
  context: OrgChangeContext,
  id: number,
  name: string,
): Promise<AppCredential> {
  const { db, orgId, operator, now } = context;
  return withTransaction(db, async (repos) => {
    const row = await ownCredential(repos, orgId, id);
    if (row.name === name) return presentAppCredential(row);
    await repos.appCredentials.rename(orgId, id, name, now);
    await credentialLog(
      repos,
      orgId,
      operator,
      now,
    )('operationLog.content.appCredentialRenamed', {
      from: row.name,
      to: name,
    });
    return presentAppCredential({ ...row, name, updated_at: now });
  });
}

/**
 * A new secret for the credential (Apply/{id}, `org:app-credential --regenerate`): the old secret stops
 * working with this change and every access token issued under it ends, in one transaction with the log row.
 */
export async function regenerateAppSecret(
  context: OrgChangeContext,
  id: number,
): Promise<AppCredentialIssued> {
  const { db, orgId, operator, now } = context;
  return withTransaction(db, async (repos) => {
    const row = await ownCredential(repos, orgId, id);
    const { secret, hash, mask } = newSecret();
    await repos.appCredentials.replaceSecret(orgId, id, hash, mask, now);
    const revokedTokens = await repos.appCredentials.revokeTokens(orgId, id);
    await credentialLog(
      repos,
      orgId,
      operator,
      now,
    )('operationLog.content.appSecretRegenerated', {
      appKey: row.app_key,
      revoked: revokedTokens,
    });
    const updated = { ...row, secret_mask: mask, secret_issued_at: now, updated_at: now };
    return { ...presentAppCredential(updated), appSecret: secret, revokedTokens };
  });
}

/** Compares two SHA-256 hex digests in constant time. */
function sameHash(a: string, b: string): boolean {
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}

/**
 * POST /api/Sdk/ucapi/token: an access token for a right app key and secret, valid ACCESS_TOKEN_TTL_S.
 * Every request counts against its app key and its address first (wrong ones too: guessing is what the
 * limit is for); a wrong key or secret is one 401 whichever was wrong. The organisation must still be
 * authorised for open capability.
 */
export async function issueAccessToken(
  repos: Repositories,
  input: { appKey: string; appSecret: string; ip: string },
  now: number,
): Promise<AccessToken> {
  for (const [key, limit] of [
    [`open-token:key:${input.appKey}`, TOKEN_REQUESTS_PER_KEY],
    [`open-token:ip:${input.ip}`, TOKEN_REQUESTS_PER_ADDRESS],
  ] as const) {
    const count = await repos.sendCounters.increment(key, now, TOKEN_REQUEST_WINDOW_MS);
    if (count > limit) throw new ApiError(429, 'errors.request.tooFrequent');
  }
  const row = await repos.appCredentials.findByAppKey(input.appKey);
  const matches = sameHash(row?.secret_hash ?? DECOY_HASH, hashToken(input.appSecret));
  if (!row || !matches) throw new ApiError(401, 'errors.openApi.badCredential');
  if (!(await repos.organizations.opennessAuthorized(row.org_id)))
    throw new ApiError(403, 'errors.openness.notAuthorized');
  const accessToken = `uat_${randomBytes(32).toString('base64url')}`;
  await repos.appCredentials.insertToken({
    tokenHash: hashToken(accessToken),
    orgId: row.org_id,
    credentialId: row.id,
    now,
    expiresAt: now + ACCESS_TOKEN_TTL_S * SECOND_MS,
  });
  return { accessToken, expiresIn: ACCESS_TOKEN_TTL_S };
}

/** The app an open call comes from, as its access token says. */
export interface OpenApp {
  orgId: number;
  credentialId: number;
  appKey: string;
  appName: string;
  expiresAt: number;
}

/** Whether an Authorization header carries an access token (rather than, say, a push key). */
export function isAccessTokenHeader(authorization: string | undefined): boolean {
  return TOKEN_PATTERN.test(authorization ?? '');
}

/**
 * The app of a request's `Authorization: Bearer <access token>`: a missing, unknown or revoked token is
 * 401 errors.openApi.badToken, an expired one 401 errors.openApi.tokenExpired (fetch a new one), an
 * organisation whose open capability was withdrawn 403.
 */
export async function authenticateAccessToken(
  repos: Repositories,
  authorization: string | undefined,
  now: number,
): Promise<OpenApp> {
  const match = TOKEN_PATTERN.exec(authorization ?? '');
  const found = match ? await repos.appCredentials.findToken(hashToken(match[1])) : undefined;
  if (!found) throw new ApiError(401, 'errors.openApi.badToken');
  if (found.expiresAt <= now) throw new ApiError(401, 'errors.openApi.tokenExpired');
  if (!(await repos.organizations.opennessAuthorized(found.orgId)))
    throw new ApiError(403, 'errors.openness.notAuthorized');
  return found;
}

/** issueAccessToken over the database: the open API's token exchange. */
export function accessTokenFor(
  db: Kysely<Database>,
  input: { appKey: string; appSecret: string; ip: string },
  now: number,
): Promise<AccessToken> {
  return issueAccessToken(readRepositories(db), input, now);
}

/** Whom an access token speaks for: its organisation's name; 401 when the organisation is gone. */
export async function openAppOrganizationName(db: Kysely<Database>, orgId: number): Promise<string> {
  const organization = await readRepositories(db).organizations.findById(orgId);
  if (!organization) throw new ApiError(401, 'errors.openApi.badToken');
  return organization.name;
}

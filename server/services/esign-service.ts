import type { Kysely } from 'kysely';
import { FAILURE_WINDOW_MS, IP_FAILURE_LIMIT } from '../../domain/constants';
import {
  effectiveEsignMode,
  type EsignOrgSettings,
  esignLockHolds,
  esignLockUntil,
  esignPasswordProblem,
  esignSettingsProblem,
  esignTriesLeft,
} from '../../domain/rules/esign';
import type { EsignInfo } from '../../domain/schemas/esign';
import type { Database } from '../db/tables';
import { ApiError } from '../core/errors';
import { countingRepositories, readRepositories, type Repositories, withTransaction } from '../repositories';
import { checkPasswordHash, hashPassword } from '../security/password-hasher';
import { verifyOldPassword } from './password-change-service';
import type { OrgChangeContext } from './service-context';
import { logDetails, logEnabled, logField, logMessage } from '../../domain/rules/operation-log-content';

/** From this many tries left before the lock, a wrong signature password says how many remain. */
const WARN_WHEN_REMAINING = 2;
const MINUTE_MS = 60_000;

/** The signed-in member acting on their own signature, and the address the request came from. */
export interface EsignMember {
  orgId: number;
  accountId: number;
  ip: string;
}

const describe = (s: EsignOrgSettings) =>
  logMessage('operationLog.content.esignSet', {
    details: logDetails([
      logField('operationLog.words.status', logEnabled(s.enabled)),
      logField('operationLog.words.strength', logMessage(`operationLog.words.strengths.${s.strength}`)),
      logField('operationLog.words.minLength', s.minLength),
      logField(
        'operationLog.words.sameAsLogin',
        logMessage(s.allowSameAsLogin ? 'operationLog.words.allowed' : 'operationLog.words.notAllowed'),
      ),
    ]),
  });

/**
 * Saves an organisation's electronic signature settings, with the operation-log row in the same
 * transaction. 400 errors.esign.minLength for a minimum outside 6 to 32, 404 for an unknown organisation.
 */
export async function saveEsignSettings(
  context: OrgChangeContext,
  settings: EsignOrgSettings,
): Promise<EsignOrgSettings> {
  const { orgId, operator, now } = context;
  const problem = esignSettingsProblem(settings);
  if (problem) throw new ApiError(400, problem, { field: 'MinLength' });
  return withTransaction(context.db, async (repos) => {
    if (!(await repos.organizations.findById(orgId))) throw new ApiError(404, 'errors.request.notFound');
    await repos.esign.saveSettings(orgId, settings, now);
    await repos.operationLogs.insert({
      orgId,
      operatorId: operator.id,
      operatorName: operator.name,
      // Filed under the screen that makes the change: a tab of System settings.
      module: 'systemSetting',
      content: describe(settings),
      now,
    });
    return settings;
  });
}

/** GET Esign: the organisation's settings and how the member signs, without any hash. */
export async function readEsign(db: Kysely<Database>, orgId: number, accountId: number, now: number) {
  const repos = readRepositories(db);
  const [settings, stored] = await Promise.all([
    repos.esign.findSettings(orgId),
    repos.esign.find(orgId, accountId),
  ]);
  const mode = effectiveEsignMode(stored?.mode ?? null, settings);
  const locked = stored !== null && esignLockHolds(stored.lockedUntil, now);
  const info: EsignInfo = {
    Enabled: settings.enabled,
    Strength: settings.strength,
    MinLength: settings.minLength,
    AllowSameAsLogin: settings.allowSameAsLogin,
    Mode: mode,
    HasPassword: mode !== 'none',
    Locked: locked,
    LockedUntil: locked ? stored.lockedUntil : null,
  };
  return info;
}

/**
 * The member proves their login password (Esign/verifyLoginPassword, and again with every change): a wrong
 * one counts toward the account's lock and the address's limit exactly as on the password page, and its
 * field error names LoginPassword.
 */
export async function proveLoginPassword(
  db: Kysely<Database>,
  member: EsignMember,
  loginPassword: string,
  now: number,
): Promise<void> {
  try {
    await verifyOldPassword(
      { db },
      {
        orgId: member.orgId,
        accountId: member.accountId,
        oldPassword: loginPassword,
        ip: member.ip,
        forSignature: true,
      },
      now,
    );
  } catch (error) {
    if (error instanceof ApiError && error.params?.field === 'OldPassword') {
      throw new ApiError(error.statusCode, error.key, { ...error.params, field: 'LoginPassword' });
    }
    throw error;
  }
}

async function enabledSettings(repos: Repositories, orgId: number): Promise<EsignOrgSettings> {
  const settings = await repos.esign.findSettings(orgId);
  if (!settings.enabled) throw new ApiError(409, 'errors.esign.disabled');
  return settings;
}

/**
 * Esign/Modify: sets or changes the member's separate signature password after their login password is
 * proved. Refused with 400 and the rule's key: shorter than the organisation's minimum, weaker than its
 * strength, not confirmed, or equal to the login password (checked against the login hash).
 */
export async function setEsignPassword(
  db: Kysely<Database>,
  member: EsignMember,
  body: { LoginPassword: string; Password: string; ConfirmPassword: string },
  now: number,
): Promise<void> {
  const repos = readRepositories(db);
  const settings = await enabledSettings(repos, member.orgId);
  await proveLoginPassword(db, member, body.LoginPassword, now);
  const account = await repos.accounts.findById(member.orgId, member.accountId);
  if (!account) throw new ApiError(404, 'errors.request.notFound');
  const sameAsLogin = (await checkPasswordHash(account.password_hash, body.Password)).matches;
  const problem = esignPasswordProblem(body.Password, body.ConfirmPassword, settings, sameAsLogin);
  if (problem) {
    const field = problem === 'errors.esign.mismatch' ? 'ConfirmPassword' : 'Password';
    throw new ApiError(400, problem, { min: settings.minLength, field });
  }
  const hash = await hashPassword(body.Password);
  await repos.esign.set(member.orgId, member.accountId, 'separate', hash, now);
}

/**
 * EnableAssociatedLoginPassword: the member signs with their login password from now on, after proving it;
 * only while the organisation allows it (else 409 errors.esign.sameAsLoginNotAllowed). Any separate
 * signature password is forgotten.
 */
export async function useLoginPasswordForEsign(
  db: Kysely<Database>,
  member: EsignMember,
  loginPassword: string,
  now: number,
): Promise<void> {
  const repos = readRepositories(db);
  const settings = await enabledSettings(repos, member.orgId);
  if (!settings.allowSameAsLogin) throw new ApiError(409, 'errors.esign.sameAsLoginNotAllowed');
  await proveLoginPassword(db, member, loginPassword, now);
  await repos.esign.set(member.orgId, member.accountId, 'login', '', now);
}

/**
 * VerifyEsignPassword: what a product calls before the member signs. Every answer does the same argon2
 * work (a decoy when there is no hash to check or the signature is locked), so timing tells nothing. Wrong
 * passwords count per member, the fifth in a row locks signing for 30 minutes (429 errors.esign.locked),
 * and per address with sign-in's limit (429 errors.login.tooManyAttempts).
 */
export async function verifyEsignPassword(
  db: Kysely<Database>,
  member: EsignMember,
  password: string,
  now: number,
): Promise<void> {
  const repos = countingRepositories(db, 'verifyEsignPassword');
  const ipKey = `esign-ip:${member.ip}`;
  const ipFailures = await repos.authFailures.countMany([ipKey], now, FAILURE_WINDOW_MS);
  if ((ipFailures.get(ipKey) ?? 0) >= IP_FAILURE_LIMIT) {
    throw new ApiError(429, 'errors.login.tooManyAttempts');
  }
  const [settings, stored, account] = await Promise.all([
    repos.esign.findSettings(member.orgId),
    repos.esign.find(member.orgId, member.accountId),
    repos.accounts.findById(member.orgId, member.accountId),
  ]);
  const mode = settings.enabled ? effectiveEsignMode(stored?.mode ?? null, settings) : 'none';
  const lockedUntil = stored && esignLockHolds(stored.lockedUntil, now) ? stored.lockedUntil : null;
  const hash =
    lockedUntil !== null || !account
      ? null
      : mode === 'separate'
        ? (stored?.passwordHash ?? null)
        : mode === 'login'
          ? account.password_hash
          : null;
  // A bulk import's one-time login password never signs (no oneTimeAllowed): it only leads to its change.
  const { matches } = await checkPasswordHash(hash || null, password);
  if (!settings.enabled) throw new ApiError(409, 'errors.esign.disabled');
  if (lockedUntil !== null) {
    throw new ApiError(429, 'errors.esign.locked', { minutes: Math.ceil((lockedUntil - now) / MINUTE_MS) });
  }
  if (mode === 'none' || !stored) throw new ApiError(409, 'errors.esign.notSet');
  if (matches) {
    if (stored.failures > 0) await repos.esign.clearFailures(member.orgId, member.accountId);
    return;
  }
  const { failures, until } = await withTransaction(db, async (tx) => {
    await tx.authFailures.increment(ipKey, now, FAILURE_WINDOW_MS);
    const count = await tx.esign.addFailure(member.orgId, member.accountId, now);
    const lockUntil = esignLockUntil(count, now);
    if (lockUntil !== null) await tx.esign.lock(member.orgId, member.accountId, lockUntil);
    return { failures: count, until: lockUntil };
  });
  if (until !== null) {
    throw new ApiError(429, 'errors.esign.locked', { minutes: Math.ceil((until - now) / MINUTE_MS) });
  }
  const remaining = esignTriesLeft(failures);
  if (remaining <= WARN_WHEN_REMAINING) {
    throw new ApiError(400, 'errors.esign.wrongRemaining', { remaining, field: 'Password' });
  }
  throw new ApiError(400, 'errors.esign.wrong', { field: 'Password' });
}

import type { Kysely } from 'kysely';
import {
  ACCOUNT_LOCK_FAILURES,
  FAILURE_WINDOW_MS,
  LOGIN_TYPES,
  RESET_TOKEN_TTL_MS,
} from '../../domain/constants';
import type { ErrorKey } from '../../domain/i18n';
import { parseAccountIdentifier } from '../../domain/rules/account-identifier';
import type { PasswordPolicy } from '../../domain/rules/password-policy';
import { signInThrottled } from '../../domain/rules/sign-in-limits';
import type { Database } from '../db/tables';
import { ApiError } from '../core/errors';
import { accountFailureKey, GLOBAL_FAILURE_KEY, ipFailureKey, ipLocksKey } from '../core/failure-keys';
import { readRepositories, withTransaction } from '../repositories';
import { noSignInSettings } from '../repositories/sign-in-lookup-repository';
import { checkPasswordHash } from '../security/password-hasher';
import { hashToken, newSessionToken } from '../security/tokens';
import { checkCaptcha } from './captcha-service';
import { wrongPasswordRefusal } from './password-failures';
import { orgAllowsSelfReset } from './org-config-service';
import { loginLogRow } from './session-start';
import { assertSignInAllowedUnderSso } from './sso-enforcement';

/** The reset token's channel for an account that proved itself with its current password. */
export const OLD_PASSWORD_CHANNEL = 'password';

export interface OldPasswordProof {
  account: string;
  oldPassword: string;
  captchaId: string;
  captcha: string;
  ip: string;
  userAgent: string;
}

/**
 * Step 1 of the reset wizard, the old-password way (SPEC §3): the account and its current password, with the
 * image captcha. A password that can be guessed here could be guessed at sign-in, so it is held to sign-in's
 * rules with sign-in's counters: an address or a deployment that failed too often waits, every failure
 * counts toward the account's lock (and the address's locks), a locked account is refused, and an unknown
 * name gets the answer of a wrong password after the same hash work and the same writes. A domain account's
 * password is the directory's, so a local password never proves it (as at sign-in). After a right password
 * only: an organisation that enforces SSO or turned self-service reset off is refused. Success answers a
 * single-use reset token, the same one a verified code gives, with the organisation's policy.
 */
export async function verifyOldPasswordForReset(
  deps: { db: Kysely<Database> },
  proof: OldPasswordProof,
  now: number,
): Promise<{ token: string; expiresAt: number; policy: PasswordPolicy }> {
  const { db } = deps;
  const repos = readRepositories(db);
  const identifier = parseAccountIdentifier(proof.account);
  const accountKey = accountFailureKey(identifier.value);
  const ipKey = ipFailureKey(proof.ip);
  const locksKey = ipLocksKey(proof.ip);
  // The login log shows these attempts beside sign-ins (they lock the same account), marked by their client.
  const origin = {
    ip: proof.ip,
    userAgent: proof.userAgent,
    loginName: identifier.value,
    loginClient: 'reset',
  };
  const log = (
    account: { org_id: number; id: number } | undefined,
    reason: ErrorKey,
    logs = repos.loginLogs,
  ) => logs.insert(loginLogRow(origin, account, reason, now));

  const stored = await repos.authFailures.countMany(
    [ipKey, locksKey, accountKey, GLOBAL_FAILURE_KEY],
    now,
    FAILURE_WINDOW_MS,
  );
  const priorFailures = stored.get(accountKey) ?? 0;
  if (signInThrottled({ ip: stored.get(ipKey) ?? 0, ipLocks: stored.get(locksKey) ?? 0 })) {
    await log(undefined, 'errors.login.tooManyAttempts');
    throw new ApiError(429, 'errors.login.tooManyAttempts');
  }
  // Always asked here (not only after failures, as at sign-in); a wrong one proves nothing about the
  // password, so it counts no failure and cannot be used to lock someone out.
  await checkCaptcha(db, { id: proof.captchaId, answer: proof.captcha }, now);

  const found = await repos.signInLookup.findAccount(identifier);
  const account = found?.account;
  const usable = account && account.login_type !== LOGIN_TYPES.ad ? account.password_hash : null;
  const { matches } = await checkPasswordHash(usable, proof.oldPassword, {
    oneTimeAllowed: account?.must_change_password === 1,
  });
  const settings = found?.settings ?? noSignInSettings();
  const lockAfter = account ? settings.policy.lockAfter : ACCOUNT_LOCK_FAILURES;

  if (account?.status === 'locked' || (!account && priorFailures >= ACCOUNT_LOCK_FAILURES)) {
    await log(account, 'errors.login.locked');
    throw new ApiError(403, 'errors.login.locked');
  }
  if (!account || !matches) {
    throw await wrongPasswordRefusal(
      db,
      { ipKey, locksKey, accountKey },
      account,
      lockAfter,
      now,
      (reason, logs) => log(account, reason, logs),
    );
  }

  const orgId = Number(account.org_id);
  const accountId = Number(account.id);
  // A member of an organisation that enforces SSO changes nothing here: the identity provider owns
  // sign-in; said after a right password only, so a guesser learns nothing.
  try {
    await assertSignInAllowedUnderSso(repos, account, 'refused', now, settings.ssoEnforced);
  } catch (error) {
    if (error instanceof ApiError) await log(account, error.key);
    throw error;
  }
  if (!(await orgAllowsSelfReset(repos, orgId))) {
    await log(account, 'errors.orgConfig.resetOff');
    throw new ApiError(400, 'errors.orgConfig.resetOff');
  }

  const token = newSessionToken();
  const expiresAt = now + RESET_TOKEN_TTL_MS;
  await withTransaction(db, async (tx) => {
    // A right password forgets the name's failures, as a sign-in does.
    if (priorFailures > 0) await tx.authFailures.clear(accountKey);
    await tx.resetTokens.insert({
      tokenHash: hashToken(token),
      orgId,
      accountId,
      channel: OLD_PASSWORD_CHANNEL,
      now,
      expiresAt,
    });
  });
  return { token, expiresAt, policy: settings.policy };
}

import type { Kysely } from 'kysely';
import { FAILURE_WINDOW_MS, IP_FAILURE_LIMIT, LOGIN_TYPES } from '../../domain/constants';
import { normalizePassword, passwordProblemError } from '../../domain/rules/password-policy';
import type { Database } from '../db/tables';
import { ApiError } from '../core/errors';
import { countingRepositories, readRepositories, withTransaction } from '../repositories';
import { checkPasswordHash, hashPassword, isOneTimePasswordHash } from '../security/password-hasher';
import { accountOwnWords, newPasswordProblems } from './password-upkeep';
import { accountFailureKeys } from '../core/failure-keys';
import { type DeploymentModules, orgSessionSettingsOf } from './org-config-service';

/** From this many tries left before the lock, a wrong old password says how many remain (as sign-in does). */
const WARN_WHEN_REMAINING = 2;

/** What the password services work with: the database, for their reads and their one transaction. */
export interface PasswordChangeDeps {
  db: Kysely<Database>;
}

export interface NewPasswordRequest {
  orgId: number;
  accountId: number;
  newPassword: string;
  /** The confirmation typed beside it, where the caller sent one: it must match. */
  confirmPassword?: string;
  /**
   * The session that made the change, which stays signed in (the old-password path); every other session
   * of the account ends. Without it (the reset wizard, signed out) every session ends.
   */
  keepSessionId?: number;
}

/**
 * Sets a password the user chose, for the old-password path (/modifyPsw) and the reset wizard alike. Refuses,
 * with 400 and the key naming the rule: a confirmation that differs, a password breaking the organisation's
 * policy (length, classes), one equal to the account's name or guessable (the account's, its name's and its
 * organisation's words count as the easiest guesses), and one equal to the current
 * password or one of the last `historyDepth` (argon2 verify against each stored hash), and one equal to the
 * member's separate electronic-signature password. Then, in one
 * transaction: the new argon2id hash, the old one into the history (trimmed to the depth), the forced change
 * cleared, password_changed_at set (the start of its expiry), the other sessions ended. 404 when the account
 * is not (or no longer) a member of the organisation.
 */
export async function setNewPassword(
  { db }: PasswordChangeDeps,
  request: NewPasswordRequest,
  now: number,
): Promise<void> {
  const { orgId, accountId, newPassword, confirmPassword } = request;
  if (
    confirmPassword !== undefined &&
    normalizePassword(newPassword) !== normalizePassword(confirmPassword)
  ) {
    throw new ApiError(400, 'errors.password.mismatch', { field: 'ConfirmPassword' });
  }
  const repos = readRepositories(db);
  const [account, policy] = await Promise.all([
    repos.accounts.findWithOrganization(orgId, accountId),
    repos.passwordPolicies.find(orgId),
  ]);
  if (!account || account.status === 'removed') throw new ApiError(404, 'errors.request.notFound');
  // A domain account's password is the directory's: the portal neither changes nor resets it.
  if (account.login_type === LOGIN_TYPES.ad) throw new ApiError(400, 'errors.ldap.notDirectoryAccount');

  const [problem] = await newPasswordProblems(
    newPassword,
    policy,
    accountOwnWords(account, account.org_name),
  );
  if (problem) {
    const { key, params } = passwordProblemError(problem);
    throw new ApiError(400, key, { ...params, field: 'NewPassword' });
  }

  const history = await repos.passwordHistory.latest(orgId, accountId, policy.historyDepth);
  // Every hash is checked, on the thread pool in parallel, so the answer does not say which one matched.
  // The current password may be a one-time one (while the change is forced): the same one is refused too.
  const oneTimeAllowed = account.must_change_password === 1;
  const matches = await Promise.all(
    [account.password_hash, ...history].map(
      async (stored, index) =>
        (await checkPasswordHash(stored, newPassword, { oneTimeAllowed: index === 0 && oneTimeAllowed }))
          .matches,
    ),
  );
  if (matches[0]) throw new ApiError(400, 'errors.password.sameAsOld', { field: 'NewPassword' });
  if (matches.includes(true)) {
    throw new ApiError(400, 'errors.password.usedBefore', {
      count: policy.historyDepth,
      field: 'NewPassword',
    });
  }
  // The electronic signature's own password stays separate from the login password both ways (SPEC §5).
  const signature = await repos.esign.find(orgId, accountId);
  if (signature?.mode === 'separate' && signature.passwordHash) {
    if ((await checkPasswordHash(signature.passwordHash, newPassword)).matches) {
      throw new ApiError(400, 'errors.esign.loginSameAsSignature', { field: 'NewPassword' });
    }
  }

  const passwordHash = await hashPassword(newPassword);
  await withTransaction(db, async (tx) => {
    await tx.accounts.setChosenPassword(orgId, accountId, passwordHash, now);
    // A one-time password (generated, never chosen) is no history to keep the member from reusing.
    if (policy.historyDepth > 0 && !isOneTimePasswordHash(account.password_hash)) {
      await tx.passwordHistory.insert(orgId, accountId, account.password_hash, now);
    }
    await tx.passwordHistory.trim(orgId, accountId, policy.historyDepth);
    if (request.keepSessionId === undefined) {
      await tx.sessions.revokeAllForAccount(orgId, accountId, now);
    } else {
      await tx.sessions.revokeOthersForAccount(orgId, accountId, request.keepSessionId, now);
      await tx.sessions.setPasswordChangeReason(request.keepSessionId, null);
    }
  });
}

export interface OldPasswordCheck {
  orgId: number;
  accountId: number;
  oldPassword: string;
  ip: string;
  /**
   * The check proves the login password for the electronic signature: a bulk import's one-time password
   * never passes it. Otherwise (password change, screen unlock) it does while the change is forced.
   */
  forSignature?: boolean;
}

/**
 * Checks the signed-in user's current password (POST Account/Password/Verify, and before a change on
 * /modifyPsw). A wrong one counts like a failed sign-in: toward the lock of the account's names (the
 * organisation's lockAfter) and the address's limit. It answers 400 with the field error of SPEC §7, saying
 * from two tries before the lock how many remain; the failure that locks the account ends its sessions
 * and answers 401 errors.login.locked, so the client goes to the login page.
 */
export async function verifyOldPassword(
  { db }: PasswordChangeDeps,
  request: OldPasswordCheck,
  now: number,
): Promise<void> {
  const repos = countingRepositories(db, 'verifyOldPassword');
  const [account, policy] = await Promise.all([
    repos.accounts.findById(request.orgId, request.accountId),
    repos.passwordPolicies.find(request.orgId),
  ]);
  if (!account || account.status !== 'active') throw new ApiError(401, 'errors.auth.required');
  // No local password to check: a domain account's old password is never a wrong one toward the lock.
  if (account.login_type === LOGIN_TYPES.ad) throw new ApiError(400, 'errors.ldap.notDirectoryAccount');
  const ipKey = `ip:${request.ip}`;
  const ipFailures = await repos.authFailures.countMany([ipKey], now, FAILURE_WINDOW_MS);
  if ((ipFailures.get(ipKey) ?? 0) >= IP_FAILURE_LIMIT)
    throw new ApiError(429, 'errors.login.tooManyAttempts');
  // Before the forced change of a bulk import's one-time password, that password is the old one.
  const { matches } = await checkPasswordHash(account.password_hash, request.oldPassword, {
    oneTimeAllowed: account.must_change_password === 1 && request.forSignature !== true,
  });
  if (matches) {
    await repos.authFailures.clear(...accountFailureKeys(account));
    return;
  }

  const failures = await withTransaction(db, async (tx) => {
    await tx.authFailures.increment(ipKey, now, FAILURE_WINDOW_MS);
    let most = 0;
    for (const key of accountFailureKeys(account)) {
      most = Math.max(most, await tx.authFailures.increment(key, now, FAILURE_WINDOW_MS));
    }
    if (most >= policy.lockAfter) {
      await tx.accounts.lock(account.org_id, account.id, now);
    }
    return most;
  });
  const remaining = policy.lockAfter - failures;
  if (remaining <= 0) throw new ApiError(401, 'errors.login.locked');
  if (remaining <= WARN_WHEN_REMAINING) {
    throw new ApiError(400, 'errors.password.oldWrongRemaining', { remaining, field: 'OldPassword' });
  }
  throw new ApiError(400, 'errors.password.oldWrong', { field: 'OldPassword' });
}

/**
 * The member's account as the session goes on with it after their own change (the password changed, nothing
 * forced any more), with their organisation's settings in force; 404 for an account no longer there.
 */
export async function accountAfterChange(
  db: Kysely<Database>,
  deployment: DeploymentModules,
  member: { orgId: number; accountId: number },
) {
  const account = await readRepositories(db).accounts.findWithOrganization(member.orgId, member.accountId);
  if (!account) throw new ApiError(404, 'errors.request.notFound');
  return { account, orgSettings: await orgSessionSettingsOf(db, deployment, member.orgId) };
}

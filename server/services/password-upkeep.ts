import { isCommonPassword } from '../../domain/rules/common-passwords';
import {
  checkPassword,
  type PasswordChangeReason,
  passwordChangeReason,
  type PasswordPolicy,
} from '../../domain/rules/password-policy';
import type { AccountRow } from '../db/tables';
import { hashPassword } from '../security/password-hasher';

/** The plain password of a password sign-in, for what only a sign-in can do with it. */
export interface PasswordAtSignIn {
  plain: string;
  /** The stored hash matched but is weaker than today's, or predates normalisation. */
  needsRehash: boolean;
}

/** What a successful password sign-in must do besides starting the session. */
export interface PasswordUpkeep {
  /** Why the new session must change its password first (SPEC §4), or null. */
  reason: PasswordChangeReason;
  /** A new hash of the same password with today's parameters, to store in the sign-in transaction. */
  newHash: string | null;
}

/**
 * At a successful sign-in, where the plain password is at hand: whether it must be changed first (an
 * initial one, one past the policy's expiry, one that no longer meets the policy: too short, a missing
 * class, on the blocklist, the account's own name; a password longer than the maximum is not weak), and a
 * re-hash with today's parameters when the stored one is weaker. Sign-ins without a portal password (a
 * directory account) have none of this.
 */
export async function passwordUpkeep(
  account: AccountRow,
  password: PasswordAtSignIn | undefined,
  policy: PasswordPolicy,
  now: number,
): Promise<PasswordUpkeep> {
  if (!password) return { reason: null, newHash: null };
  const problems = checkPassword(password.plain, policy, {
    isCommon: isCommonPassword,
    accountNames: [account.mobile, account.email].filter((name): name is string => name !== null),
  }).filter((problem) => problem.rule !== 'tooLong');
  const reason = passwordChangeReason({
    mustChange: account.must_change_password === 1,
    changedAt: account.password_changed_at,
    policy,
    now,
    meetsPolicy: problems.length === 0,
  });
  return { reason, newHash: password.needsRehash ? await hashPassword(password.plain) : null };
}

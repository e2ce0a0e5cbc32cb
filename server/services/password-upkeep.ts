import type { PasswordOwnWords } from '../../domain/rules/password-guessability';
import {
  checkPassword,
  type PasswordChangeReason,
  passwordChangeReason,
  type PasswordPolicy,
  type PasswordProblem,
} from '../../domain/rules/password-policy';
import type { AccountRow } from '../db/tables';
import type { AccountWithOrganization } from '../repositories/accounts-repository';
import { hashPassword } from '../security/password-hasher';

/** The words of an account an attacker would try first: its sign-in names, its name, its organisation's. */
export function accountOwnWords(
  account: Pick<AccountRow, 'mobile' | 'email' | 'real_name'>,
  organizationName: string,
): PasswordOwnWords {
  return { accountNames: [account.mobile, account.email], realName: account.real_name, organizationName };
}

/**
 * The estimator, imported on first use: its dictionaries take a noticeable part of a second to load, which
 * neither a server start nor an operator's command that sets no password should pay.
 */
const estimator = () =>
  import('../../domain/rules/password-estimator').then((module) => module.estimateGuessability);

/**
 * What the organisation's policy refuses in a new password (domain/rules/password-policy.ts), guessability
 * estimated with the account's and its organisation's words: the server's side of the rule the password
 * pages apply as the user types.
 */
export async function newPasswordProblems(
  password: string,
  policy: PasswordPolicy,
  ownWords: PasswordOwnWords,
): Promise<PasswordProblem[]> {
  return checkPassword(password, policy, { estimate: await estimator(), ownWords });
}

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
 * class, the account's own name, guessable; a password longer than the maximum is not weak), and a
 * re-hash with today's parameters when the stored one is weaker. Sign-ins without a portal password (a
 * directory account) have none of this.
 */
export async function passwordUpkeep(
  account: AccountWithOrganization,
  password: PasswordAtSignIn | undefined,
  policy: PasswordPolicy,
  now: number,
): Promise<PasswordUpkeep> {
  if (!password) return { reason: null, newHash: null };
  const reason = passwordChangeReason({
    mustChange: account.must_change_password === 1,
    changedAt: account.password_changed_at,
    policy,
    now,
    meetsPolicy: await meetsPolicyAtSignIn(account, password.plain, policy),
  });
  return { reason, newHash: password.needsRehash ? await hashPassword(password.plain) : null };
}

/** Sign-ins whose password was last judged against the policy, per account (bounded; the oldest go first). */
const judgedAtSignIn = new Map<number, { key: string; meetsPolicy: boolean }>();
const JUDGED_AT_SIGN_IN_KEPT = 10_000;

/**
 * Whether the password a sign-in proved meets the organisation's policy (a password longer than the maximum
 * is not weak). The guessability estimate costs a sign-in more CPU than anything but the hash, and its answer
 * depends only on the password, the policy and the account's own words: while the stored hash (so the
 * password it matched), the policy and those words are the ones last judged, the last answer stands.
 */
async function meetsPolicyAtSignIn(
  account: AccountWithOrganization,
  plain: string,
  policy: PasswordPolicy,
): Promise<boolean> {
  const ownWords = accountOwnWords(account, account.org_name);
  const key = JSON.stringify([account.password_hash, policy, ownWords]);
  const id = Number(account.id);
  const judged = judgedAtSignIn.get(id);
  if (judged && judged.key === key) return judged.meetsPolicy;
  const problems = (await newPasswordProblems(plain, policy, ownWords)).filter(
    (problem) => problem.rule !== 'tooLong',
  );
  const meetsPolicy = problems.length === 0;
  judgedAtSignIn.delete(id);
  if (judgedAtSignIn.size >= JUDGED_AT_SIGN_IN_KEPT)
    judgedAtSignIn.delete(judgedAtSignIn.keys().next().value!);
  judgedAtSignIn.set(id, { key, meetsPolicy });
  return meetsPolicy;
}

import type { Kysely } from 'kysely';
import {
  ACCOUNT_LOCK_FAILURES,
  FAILURE_WINDOW_MS,
  IP_FAILURE_LIMIT,
  LOGIN_TYPES,
  PORTAL_PRODUCT,
} from '../../domain/constants';
import type { ErrorKey } from '../../domain/i18n';
import { parseAccountIdentifier } from '../../domain/rules/account-identifier';
import type { PasswordChangeReason } from '../../domain/rules/password-policy';
import { describeBrowser } from '../../domain/rules/user-agent';
import type { AccountRow, Database } from '../db/tables';
import type { AccountWithOrganization } from '../repositories/accounts-repository';
import { ApiError } from '../errors';
import { type Repositories, withTransaction } from '../repositories';
import { checkPasswordHash } from '../security/password-hasher';
import { hashToken, newSessionToken } from '../security/tokens';
import { type PasswordAtSignIn, passwordUpkeep } from './password-upkeep';

/** From this many failures left before the lock, a wrong password says how many tries remain. */
const WARN_WHEN_REMAINING = 2;

/** The failure counter of an account name (a mobile number or a normalised email, known or not). */
export function accountFailureKey(accountName: string): string {
  return `account:${accountName}`;
}

/** The failure counters of every name an account signs in with. */
export function accountFailureKeys(account: Pick<AccountRow, 'mobile' | 'email'>): string[] {
  return [account.mobile, account.email]
    .filter((name): name is string => name !== null)
    .map((name) => accountFailureKey(parseAccountIdentifier(name).value));
}

/** What the sign-in service works with: the database for its transactions, and the app's repositories. */
export interface SignInDeps {
  db: Kysely<Database>;
  repos: Repositories;
}

export interface SignInAttempt {
  account: string;
  password: string;
  autoLogin: boolean;
  productType?: string;
  loginClient?: string;
  ip: string;
  userAgent: string;
}

export interface SignedIn {
  token: string;
  account: AccountWithOrganization;
  createdAt: number;
  autoLogin: boolean;
  /** Why the new session must change its password before anything else (SPEC §4), or null. */
  passwordChangeReason: PasswordChangeReason;
}

/** What a sign-in attempt is, whatever proves it: the name typed and where it comes from. */
export type SignInRequest = Omit<SignInAttempt, 'account' | 'password'>;

/**
 * How one kind of sign-in (a password, a directory bind) proves who the user is. `name` is what its
 * failures count under and the login log records; `check` runs after the per-address limit and returns
 * the account of that name (known before or found by the check) and whether the secret was right. A
 * refusal that is not a wrong secret (a directory that cannot be reached, no portal account) is an
 * ApiError thrown by `check`: it is logged and does not count as a failure.
 */
export interface SignInCredential {
  name: string;
  check(): Promise<{
    account: AccountWithOrganization | undefined;
    verified: boolean;
    /** A password sign-in's plain password: forced-change reasons and re-hashing need it. */
    password?: PasswordAtSignIn;
  }>;
}

/**
 * Password sign-in (DESIGN §5). Unknown accounts and wrong passwords get the same answer after the same
 * argon2id work; five failures on one account name lock it (or, for a name with no account, answer as if
 * locked until the window closes), and the last two tries before that say how many are left, for known and
 * unknown names alike; twenty failures from one address make it wait. Every attempt is logged.
 */
export async function signInWithPassword(
  deps: SignInDeps,
  attempt: SignInAttempt,
  now: number,
): Promise<SignedIn> {
  const identifier = parseAccountIdentifier(attempt.account);
  return signIn(deps, attempt, now, {
    name: identifier.value,
    async check() {
      const account = await deps.repos.accounts.findByIdentifier(identifier);
      // A domain account's password is the directory's: a local one never signs it in, after the same work.
      const usable = account && account.login_type !== LOGIN_TYPES.ad ? account.password_hash : null;
      const { matches, needsRehash } = await checkPasswordHash(usable, attempt.password);
      return { account, verified: matches, password: { plain: attempt.password, needsRehash } };
    },
  });
}

/**
 * The part of every sign-in that does not depend on how the user proves who they are: the per-address
 * and per-name failure limits, the lock, the login-log row of every attempt and the session.
 */
export async function signIn(
  { db, repos }: SignInDeps,
  attempt: SignInRequest,
  now: number,
  credential: SignInCredential,
): Promise<SignedIn> {
  const accountKey = accountFailureKey(credential.name);
  const ipKey = `ip:${attempt.ip}`;
  const logAttempt = (account: AccountRow | undefined, reason: ErrorKey | null, logs = repos.loginLogs) =>
    logs.insert({
      org_id: account ? account.org_id : null,
      account_id: account ? account.id : null,
      account: credential.name.slice(0, 254),
      ip: attempt.ip,
      browser: describeBrowser(attempt.userAgent),
      product: attempt.productType ?? PORTAL_PRODUCT,
      login_client: attempt.loginClient ?? 'pc',
      success: reason === null ? 1 : 0,
      reason,
      created_at: now,
    });

  const failuresSoFar = await repos.authFailures.countMany([ipKey, accountKey], now, FAILURE_WINDOW_MS);
  if ((failuresSoFar.get(ipKey) ?? 0) >= IP_FAILURE_LIMIT) {
    await logAttempt(undefined, 'errors.login.tooManyAttempts');
    throw new ApiError(429, 'errors.login.tooManyAttempts');
  }

  let checked: Awaited<ReturnType<SignInCredential['check']>>;
  try {
    checked = await credential.check();
  } catch (error) {
    if (error instanceof ApiError) await logAttempt(undefined, error.key);
    throw error;
  }
  const { account, verified: passwordMatches } = checked;
  const priorFailures = failuresSoFar.get(accountKey) ?? 0;
  // A known account locks after its organisation's number of failures; an unknown name after the default,
  // so the answers stay alike. The policy is read either way, so both take the same queries.
  const policy = await repos.passwordPolicies.find(account ? account.org_id : 0);
  const lockAfter = account ? policy.lockAfter : ACCOUNT_LOCK_FAILURES;

  if (account?.status === 'locked' || (!account && priorFailures >= ACCOUNT_LOCK_FAILURES)) {
    await logAttempt(account, 'errors.login.locked');
    throw new ApiError(403, 'errors.login.locked');
  }

  if (!account || !passwordMatches) {
    // Counters, the lock and the log row of a failure land together or not at all.
    const count = await withTransaction(db, async (tx) => {
      await tx.authFailures.increment(ipKey, now, FAILURE_WINDOW_MS);
      const failures = await tx.authFailures.increment(accountKey, now, FAILURE_WINDOW_MS);
      const locked = failures >= lockAfter;
      if (account && locked) await tx.accounts.lock(account.org_id, account.id);
      await logAttempt(
        account,
        locked ? 'errors.login.locked' : 'errors.login.wrongCredentials',
        tx.loginLogs,
      );
      return failures;
    });
    const remaining = lockAfter - count;
    if (remaining <= 0) throw new ApiError(403, 'errors.login.locked');
    if (remaining <= WARN_WHEN_REMAINING) {
      throw new ApiError(401, 'errors.login.wrongCredentialsRemaining', { remaining });
    }
    throw new ApiError(401, 'errors.login.wrongCredentials');
  }

  // Hashing takes tens of milliseconds on the thread pool: done before the transaction opens.
  const upkeep = await passwordUpkeep(account, checked.password, policy, now);
  const token = newSessionToken();
  await withTransaction(db, async (tx) => {
    if (upkeep.newHash) {
      await tx.accounts.replacePasswordHash(
        account.org_id,
        account.id,
        account.password_hash,
        upkeep.newHash,
      );
    }
    if (priorFailures > 0) await tx.authFailures.clear(accountKey);
    await tx.sessions.insert({
      tokenHash: hashToken(token),
      accountId: account.id,
      orgId: account.org_id,
      autoLogin: attempt.autoLogin,
      now,
      ip: attempt.ip,
      userAgent: attempt.userAgent,
      passwordChangeReason: upkeep.reason,
    });
    await tx.accounts.markSignedIn(account.org_id, account.id, now);
    await logAttempt(account, null, tx.loginLogs);
  });
  return {
    token,
    account,
    createdAt: now,
    autoLogin: attempt.autoLogin,
    passwordChangeReason: upkeep.reason,
  };
}

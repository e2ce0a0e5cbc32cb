import type { Kysely } from 'kysely';
import { ACCOUNT_LOCK_FAILURES, FAILURE_WINDOW_MS, type Language, LOGIN_TYPES } from '../../domain/constants';
import type { ErrorKey } from '../../domain/i18n';
import { parseAccountIdentifier } from '../../domain/rules/account-identifier';
import { trialState } from '../../domain/rules/trial-sign-in';
import {
  type SignInFailureCounts,
  signInNeedsCaptcha,
  signInThrottled,
} from '../../domain/rules/sign-in-limits';
import type { AccountRow, Database } from '../db/tables';
import type { AccountWithOrganization } from '../repositories/accounts-repository';
import { ApiError } from '../core/errors';
import { accountFailureKey, GLOBAL_FAILURE_KEY, ipFailureKey, ipLocksKey } from '../core/failure-keys';
import { readRepositories, type Repositories } from '../repositories';
import type { LoginMode } from '../repositories/sessions-repository';
import type { PendingNonce } from '../repositories/nonces-repository';
import { noSignInSettings, type SignInSettings } from '../repositories/sign-in-lookup-repository';
import { trialEndFrom } from '../repositories/trial-sign-in-repository';
import { checkPasswordHash } from '../security/password-hasher';
import { checkCaptcha } from './captcha-service';
import { type PasswordAtSignIn, passwordUpkeep } from './password-upkeep';
import {
  type CodeChannels,
  openChallenge,
  type PendingSecondFactor,
  secondFactorChannels,
} from './secondary-verification-service';
import { whitelistAllows } from './ip-whitelist-service';
import { wrongPasswordRefusal } from './password-failures';
import { loginLogRow, type SignedIn, startSession } from './session-start';
import { assertSignInAllowedUnderSso, type UnderEnforcedSso } from './sso-enforcement';

export type { SignedIn } from './session-start';
export type { PendingSecondFactor } from './secondary-verification-service';

/**
 * What the sign-in service works with: the database for its transactions, the app's repositories, and the
 * ways this deployment can send a code (for the security verification; none when absent).
 */
export interface SignInDeps {
  db: Kysely<Database>;
  repos: Repositories;
  codeChannels?: CodeChannels;
}

/** The sign-in's dependencies over the database: built once, when the routes are registered. */
export function signInDepsOf(db: Kysely<Database>, codeChannels?: CodeChannels): SignInDeps {
  return { db, repos: readRepositories(db), codeChannels };
}

export interface SignInAttempt {
  account: string;
  password: string;
  autoLogin: boolean;
  productType?: string;
  loginClient?: string;
  ip: string;
  userAgent: string;
  /** The image captcha and its answer, needed once the name, address or deployment has failed too often. */
  captcha?: { id: string; answer: string } | null;
  /** The browser's device cookie: a sign-in from a device the account has not used may need a code. */
  deviceId?: string | null;
  /** The language picked on the login page, and the browser's (session-start.ts SignInOrigin). */
  chosenLanguage?: Language | null;
  browserLanguage?: Language;
  /** 'sso' for an SSO sign-in, whose session signs out at the identity provider too; normal otherwise. */
  loginMode?: LoginMode;
  /** The version of the terms the sign-in agrees to, recorded with its session. */
  termsVersion?: string;
  /** The signed request's nonce, recorded with the session or the verification it opens. */
  nonce?: PendingNonce;
}

/** What a sign-in ends in: a session, or (security verification on) a code still to be entered. */
export type SignInOutcome = SignedIn | PendingSecondFactor;

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
  /**
   * A secret the user types (a password, a directory password) that can be guessed: after too many
   * failures its attempts need the image captcha, checked before any hash or directory work. Absent for a
   * proof nobody types (a chat host's one-time code), which a captcha would only block.
   */
  captchaAfterFailures?: boolean;
  /**
   * Whether a right secret may have to be followed by a code to the account's phone or email, as its
   * organisation's security verification says (password and directory sign-ins: true). A chat host's
   * sign-in is false: the host has already verified the user, and it has no page to type a code in.
   */
  secondFactor: boolean;
  /**
   * Whether it signs a member of an organisation that enforces SSO in: only SSO itself, and a password
   * with an administrator's break-glass grant (sso-enforcement.ts). Refused when not said.
   */
  underEnforcedSso?: UnderEnforcedSso;
  check(): Promise<{
    account: AccountWithOrganization | undefined;
    verified: boolean;
    /** A password sign-in's plain password: forced-change reasons and re-hashing need it. */
    password?: PasswordAtSignIn;
    /** The organisation's sign-in settings when the check read them with the account; else read after. */
    settings?: SignInSettings;
    /**
     * The version of the terms the account last agreed to, when the check read it with the account (null:
     * none yet); the session then records the agreement only when the version in force differs.
     */
    agreedTermsVersion?: string | null;
  }>;
}

/**
 * Password sign-in (DESIGN §5). Unknown accounts and wrong passwords get the same answer after the same
 * argon2id work; five failures on one account name lock it (or, for a name with no account, answer as if
 * locked until the window closes), and the last two tries before that say how many are left, for known and
 * unknown names alike; after three the name needs the image captcha; twenty failures from one address, or
 * two names locked from it, make it wait. Every attempt is logged.
 */
export async function signInWithPassword(
  deps: SignInDeps,
  attempt: SignInAttempt,
  now: number,
): Promise<SignInOutcome> {
  const identifier = parseAccountIdentifier(attempt.account);
  return signIn(deps, attempt, now, {
    name: identifier.value,
    captchaAfterFailures: true,
    secondFactor: true,
    underEnforcedSso: 'breakGlass',
    async check() {
      // The account and its organisation's sign-in settings in one query; a name with no account reads the
      // same query and is weighed against no organisation's settings.
      const found = await deps.repos.signInLookup.findAccount(identifier);
      const account = found?.account;
      // A domain account's password is the directory's: a local one never signs it in, after the same work.
      const usable = account && account.login_type !== LOGIN_TYPES.ad ? account.password_hash : null;
      // A bulk import's one-time password signs in only while the account must change it (the change follows).
      const { matches, needsRehash } = await checkPasswordHash(usable, attempt.password, {
        oneTimeAllowed: account?.must_change_password === 1,
      });
      return {
        account,
        verified: matches,
        password: { plain: attempt.password, needsRehash },
        settings: found?.settings ?? noSignInSettings(),
        agreedTermsVersion: found?.agreedTermsVersion ?? null,
      };
    },
  });
}

/**
 * The part of every sign-in that does not depend on how the user proves who they are: the per-address
 * and per-name failure limits, the captcha they call for, the lock, the login-log row of every attempt,
 * the security verification the organisation may want after a right secret, and the session. A
 * credential without a second factor (a chat host's) always ends in a session.
 */
export function signIn(
  deps: SignInDeps,
  attempt: SignInRequest,
  now: number,
  credential: SignInCredential & { secondFactor: false },
): Promise<SignedIn>;
export function signIn(
  deps: SignInDeps,
  attempt: SignInRequest,
  now: number,
  credential: SignInCredential,
): Promise<SignInOutcome>;
export async function signIn(
  deps: SignInDeps,
  attempt: SignInRequest,
  now: number,
  credential: SignInCredential,
): Promise<SignInOutcome> {
  const { db, repos } = deps;
  const accountKey = accountFailureKey(credential.name);
  const ipKey = ipFailureKey(attempt.ip);
  const locksKey = ipLocksKey(attempt.ip);
  const origin = { ...attempt, loginName: credential.name };
  const logAttempt = (account: AccountRow | undefined, reason: ErrorKey | null, logs = repos.loginLogs) =>
    logs.insert(loginLogRow(origin, account, reason, now));
  const refuse = async (error: ApiError): Promise<never> => {
    await logAttempt(undefined, error.key);
    throw error;
  };

  const stored = await repos.authFailures.countMany(
    [ipKey, locksKey, accountKey, GLOBAL_FAILURE_KEY],
    now,
    FAILURE_WINDOW_MS,
  );
  const counts: SignInFailureCounts = {
    account: stored.get(accountKey) ?? 0,
    ip: stored.get(ipKey) ?? 0,
    ipLocks: stored.get(locksKey) ?? 0,
    global: stored.get(GLOBAL_FAILURE_KEY) ?? 0,
  };
  if (signInThrottled(counts)) await refuse(new ApiError(429, 'errors.login.tooManyAttempts'));
  const captchaGuarded = credential.captchaAfterFailures === true;
  // The captcha is checked (and used up) before any hash or directory work, and a missing or wrong one
  // counts as no failure: it proves nothing about the password, and must not let anyone lock an account.
  if (captchaGuarded && signInNeedsCaptcha(counts)) {
    if (!attempt.captcha) await refuse(new ApiError(401, 'errors.login.captchaRequired'));
    else {
      try {
        await checkCaptcha(db, attempt.captcha, now);
      } catch (error) {
        if (error instanceof ApiError) await refuse(error);
        throw error;
      }
    }
  }

  let checked: Awaited<ReturnType<SignInCredential['check']>>;
  try {
    checked = await credential.check();
  } catch (error) {
    if (error instanceof ApiError) await logAttempt(undefined, error.key);
    throw error;
  }
  const { account, verified: passwordMatches } = checked;
  const priorFailures = counts.account;
  // A known account locks after its organisation's number of failures; an unknown name after the default,
  // so the answers stay alike. The settings are read either way, so both take the same queries.
  const settings = checked.settings ?? (await repos.signInLookup.settingsOf(account ? account.org_id : 0));
  const policy = settings.policy;
  const lockAfter = account ? policy.lockAfter : ACCOUNT_LOCK_FAILURES;

  if (account?.status === 'locked' || (!account && priorFailures >= ACCOUNT_LOCK_FAILURES)) {
    await logAttempt(account, 'errors.login.locked');
    throw new ApiError(403, 'errors.login.locked');
  }

  if (!account || !passwordMatches) {
    throw await wrongPasswordRefusal(
      db,
      { ipKey, locksKey, accountKey },
      account,
      lockAfter,
      now,
      (reason, logs) => logAttempt(account, reason, logs),
      // The next attempt's captcha is said now, so the page shows it before the user types again.
      (after) => (captchaGuarded && signInNeedsCaptcha(after) ? { captcha: 1 } : undefined),
    );
  }

  // An organisation that enforces SSO signs its members in there only (break-glass aside), said only
  // after a right secret so a guesser learns nothing and a wrong password uses no break-glass grant.
  try {
    await assertSignInAllowedUnderSso(
      repos,
      account,
      credential.underEnforcedSso ?? 'refused',
      now,
      settings.ssoEnforced,
    );
  } catch (error) {
    if (error instanceof ApiError) await logAttempt(account, error.key);
    throw error;
  }

  // The organisation's IP whitelist (SPEC §6), once the secret is known to be right, so the answer tells a
  // guesser nothing; administrators and unrestricted members are exempt. No session and no code is sent.
  const ipAllowed = await whitelistAllows(
    repos,
    { orgId: account.org_id, accountId: account.id, isAdmin: account.is_org_admin === 1 },
    attempt.ip,
    settings.whitelist,
  );
  if (!ipAllowed) {
    await logAttempt(account, 'errors.login.ipForbidden');
    throw new ApiError(403, 'errors.login.ipForbidden');
  }
  // A member of a trial organisation whose trial is over (SPEC §4, §8) signs in no more, however they
  // prove who they are, until customer service extends it; said only after a right secret, no code sent.
  // (Read with the account: the session's start asks again, in its transaction.)
  if (trialState(trialEndFrom(account.org_trial_expires_at), now) === 'expired') {
    await logAttempt(account, 'errors.login.trialExpired');
    throw new ApiError(403, 'errors.login.trialExpired');
  }

  // Hashing takes tens of milliseconds on the thread pool: done before the transaction opens.
  const upkeep = await passwordUpkeep(account, checked.password, policy, now);
  // What a right secret lands with, whether a session or a verification follows: the re-hash, and the
  // name's failures forgotten. Mostly nothing, and then the session's writes need no wait between them.
  const settle =
    upkeep.newHash || priorFailures > 0
      ? async (tx: Repositories) => {
          if (upkeep.newHash) {
            await tx.accounts.replacePasswordHash(
              account.org_id,
              account.id,
              account.password_hash,
              upkeep.newHash,
            );
          }
          if (priorFailures > 0) await tx.authFailures.clear(accountKey);
        }
      : undefined;

  if (credential.secondFactor) {
    let channels;
    try {
      channels = await secondFactorChannels(deps, account, attempt, settings.verificationMode);
    } catch (error) {
      if (error instanceof ApiError) await logAttempt(account, error.key);
      throw error;
    }
    if (channels) {
      return openChallenge(
        db,
        { account, channels, origin, autoLogin: attempt.autoLogin, passwordChangeReason: upkeep.reason },
        now,
        settle,
      );
    }
  }
  // The whitelist and the trial were checked above on the row read in this request.
  return startSession(
    db,
    {
      ...origin,
      account,
      autoLogin: attempt.autoLogin,
      passwordChangeReason: upkeep.reason,
      accessJustChecked: true,
      agreedTermsVersion: checked.agreedTermsVersion,
    },
    now,
    settle,
  );
}

import type { Kysely } from 'kysely';
import { type Language, PORTAL_PRODUCT } from '../../domain/constants';
import type { ErrorKey } from '../../domain/i18n';
import type { PasswordChangeReason } from '../../domain/rules/password-policy';
import { trialState } from '../../domain/rules/trial-sign-in';
import { describeBrowser } from '../presenters/user-agent';
import type { Database, LoginLogsTable } from '../db/tables';
import type { AccountWithOrganization } from '../repositories/accounts-repository';
import { type Repositories, readRepositories, withTransaction } from '../repositories';
import type { PendingNonce } from '../repositories/nonces-repository';
import { type Statement, writeInOneCommit, writeStatements } from '../db/one-commit';
import type { LoginMode } from '../repositories/sessions-repository';
import { ApiError, replayedRequest } from '../core/errors';
import { hashToken, newSessionToken } from '../security/tokens';
import { whitelistAllows } from './ip-whitelist-service';

/** A started session: its token (for the cookie only) and what the answer shows of the account. */
export interface SignedIn {
  token: string;
  account: AccountWithOrganization;
  createdAt: number;
  autoLogin: boolean;
  /** Why the new session must change its password before anything else (SPEC §4), or null. */
  passwordChangeReason: PasswordChangeReason;
  /** 'trial' for a trial sign-in restricted to the demo site. */
  loginMode?: LoginMode;
  /** End of a trial sign-in's trial. */
  trialExpiresAt?: number | null;
}

/** Where a sign-in comes from, as its login-log row records it. */
export interface SignInOrigin {
  /** The name the user signed in with (a mobile number, an email, `ldap:<org>:<user>`, ...). */
  loginName: string;
  ip: string;
  userAgent: string;
  productType?: string;
  loginClient?: string;
  /** The language picked on the login page, sent with the sign-in: it becomes the account's from now on. */
  chosenLanguage?: Language | null;
  /** The language the browser asked in: what a member who never chose one gets their messages in. */
  browserLanguage?: Language;
  /** The signed request's nonce, recorded in the commit of what the sign-in writes (request-signing.ts). */
  nonce?: PendingNonce;
}

/** The login-log row of one attempt: `reason` null for a success, else the answer's error key. */
export function loginLogRow(
  origin: SignInOrigin,
  account: { org_id: number; id: number } | undefined,
  reason: ErrorKey | null,
  now: number,
): Omit<LoginLogsTable, 'id'> {
  return {
    org_id: account ? account.org_id : null,
    account_id: account ? account.id : null,
    account: origin.loginName.slice(0, 254),
    ip: origin.ip,
    browser: describeBrowser(origin.userAgent),
    product: origin.productType ?? PORTAL_PRODUCT,
    login_client: origin.loginClient ?? 'pc',
    success: reason === null ? 1 : 0,
    reason,
    created_at: now,
  };
}

/** What a session is started with, once the user has proved who they are. */
export interface SessionStart extends SignInOrigin {
  account: AccountWithOrganization;
  autoLogin: boolean;
  passwordChangeReason: PasswordChangeReason;
  /** The browser's device cookie, remembered (as a hash) with the address for later sign-ins. */
  deviceId?: string | null;
  /** 'trial' for a trial sign-in (mobile + code), restricted to the demo site; normal otherwise. */
  loginMode?: LoginMode;
  /** The version of the terms the sign-in agreed to: recorded in the session's transaction. */
  termsVersion?: string;
  /**
   * The version the account had already agreed to, when read in this same request (null: none). The same
   * version is not written again: a returning user's sign-in then rewrites no row of terms_agreements, and
   * the row keeps when the account first agreed to the version in force. Unset: recorded whatever it was.
   */
  agreedTermsVersion?: string | null;
  /**
   * Set when the caller checked the IP whitelist and the trial on the account row it read in this same
   * request: they are not read again. A session started later (a verification code typed after a right
   * password) leaves it unset, and both are checked again in the session's transaction.
   */
  accessJustChecked?: boolean;
}

/**
 * Starts a session, in one transaction with the account's last sign-in, the device and address it came
 * from (what "a new device" is measured against), the login-log row, and whatever the caller must land
 * with it (`also`, e.g. a re-hashed password). Password, directory, chat-host and verified sign-ins all
 * end here, so a session is the same whatever proved the user.
 */
export async function startSession(
  db: Kysely<Database>,
  start: SessionStart,
  now: number,
  also?: (tx: Repositories) => Promise<void>,
): Promise<SignedIn> {
  const account = { ...start.account };
  const token = newSessionToken();
  // The last sign-in and the language (a chosen one, or the browser's for a member who never chose) in
  // one update of the account.
  let language: { lang: string; chosen: boolean } | undefined;
  if (start.chosenLanguage) {
    language = { lang: start.chosenLanguage, chosen: true };
    Object.assign(account, { lang: start.chosenLanguage, lang_chosen: 1 });
  } else if (start.browserLanguage && account.lang_chosen !== 1) {
    language = { lang: start.browserLanguage, chosen: false };
    account.lang = start.browserLanguage;
  }
  // What every session writes, in one commit with the request's nonce (first: a replay undoes the rest
  // before it is written).
  const writes = (tx: Repositories): Statement[] => {
    const list: Statement[] = [];
    if (start.nonce) list.push(tx.nonces.rememberWrite(start.nonce, replayedRequest));
    list.push(
      tx.accounts.markSignedInWrite(account.org_id, account.id, now, language),
      tx.sessions.insertWrite({
        tokenHash: hashToken(token),
        accountId: account.id,
        orgId: account.org_id,
        autoLogin: start.autoLogin,
        now,
        ip: start.ip,
        userAgent: start.userAgent,
        passwordChangeReason: start.passwordChangeReason,
        loginMode: start.loginMode,
      }),
      tx.secondaryVerification.rememberSourceWrite(
        account.org_id,
        account.id,
        start.deviceId ? hashToken(start.deviceId) : null,
        start.ip,
        now,
      ),
      tx.loginLogs.insertWrite(loginLogRow(start, account, null, now)),
    );
    if (start.termsVersion && start.termsVersion !== start.agreedTermsVersion) {
      list.push(
        tx.termsAgreements.recordWrite({
          orgId: account.org_id,
          accountId: account.id,
          version: start.termsVersion,
          now,
        }),
      );
    }
    return list;
  };
  if (start.accessJustChecked && !also) {
    // Nothing to read or wait for first: the writes alone, at once on the embedded database.
    await writeInOneCommit(db, writes(readRepositories(db)));
  } else {
    await withTransaction(db, async (tx, trx) => {
      if (!start.accessJustChecked) {
        // The IP whitelist once more as the session starts: a verification code typed after it changed.
        const who = { orgId: account.org_id, accountId: account.id, isAdmin: account.is_org_admin === 1 };
        if (!(await whitelistAllows(tx, who, start.ip))) throw new ApiError(403, 'errors.login.ipForbidden');
        // And the organisation's trial: a verification code typed after the trial ended starts no session.
        if (trialState(await tx.trialSignIn.trialEnd(account.org_id), now) === 'expired') {
          throw new ApiError(403, 'errors.login.trialExpired');
        }
      }
      if (also) await also(tx);
      await writeStatements(trx, writes(tx));
    });
  }
  if (start.nonce) start.nonce.recorded = true;
  return {
    token,
    account,
    createdAt: now,
    autoLogin: start.autoLogin,
    passwordChangeReason: start.passwordChangeReason,
    loginMode: start.loginMode ?? 'normal',
  };
}

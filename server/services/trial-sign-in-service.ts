import type { Kysely } from 'kysely';
import { LANGUAGES, type Language } from '../../domain/constants';
import { parseAccountIdentifier } from '../../domain/rules/account-identifier';
import { trialState } from '../../domain/rules/trial-sign-in';
import type { Database } from '../db/tables';
import { ApiError } from '../core/errors';
import type { CodeSenders } from '../integrations/code-senders';
import { readRepositories, type Repositories, withTransaction } from '../repositories';
import { trialEndFrom } from '../repositories/trial-sign-in-repository';
import { issueCode, verifyCode } from './verification-code-service';
import { loginLogRow, type SignedIn, startSession } from './session-start';
import { addressThrottled, countAddressFailure } from './address-limits';
import { assertSignInAllowedUnderSso } from './sso-enforcement';

/** What the trial sign-in works with. */
export interface TrialSignInDeps {
  db: Kysely<Database>;
  senders: CodeSenders;
  /** Told about a code that could not be delivered; the answer had already been sent. */
  onDeliveryFailure: (error: unknown) => void;
}

const languageOf = (lang: string): Language =>
  (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : LANGUAGES[0];

/** The account of an approved trial behind a mobile number: active or locked, of a trial organisation. */
async function trialAccountOf(repos: Repositories, mobile: string) {
  const account = await repos.accounts.findByIdentifier(parseAccountIdentifier(mobile));
  if (!account) return null;
  const end = trialEndFrom(account.org_trial_expires_at);
  return end === null ? null : { account, end };
}

/**
 * The trial sign-in's send button (POST TemporaryUser/Trial/SendCode): a code to the mobile number of an
 * approved trial's account, within the verification codes' limits (one a minute per number, hourly caps
 * per number and address: 429). Any other number gets the same answer and counts, but no code is sent,
 * so the answer does not tell whether the number has a trial. Delivery is in the background.
 */
export async function sendTrialSignInCode(
  deps: TrialSignInDeps,
  request: { mobile: string; ip: string; language: string },
  now: number,
): Promise<void> {
  const sender = deps.senders.sms;
  if (!sender) throw new ApiError(400, 'errors.verification.channelUnavailable');
  const found = await trialAccountOf(readRepositories(deps.db), request.mobile);
  const target = found ? { orgId: found.account.org_id, accountId: found.account.id } : null;
  const code = await withTransaction(deps.db, (tx) =>
    issueCode(
      tx,
      { purpose: 'trial-sign-in', recipient: request.mobile, account: target, ip: request.ip },
      now,
    ),
  );
  if (!found) return;
  void sender
    .send({
      recipient: request.mobile,
      template: 'sign-in-verification',
      code,
      language: languageOf(found.account.lang ?? request.language),
    })
    .catch((error: unknown) => deps.onDeliveryFailure(error));
}

/** One trial sign-in attempt: the number, its code, and where it comes from. */
export interface TrialSignInAttempt {
  mobile: string;
  code: string;
  ip: string;
  userAgent: string;
  loginClient?: string;
  /** The language picked on the trial sign-in page: the account (and the demo site) speaks it from now on. */
  chosenLanguage?: Language | null;
  /** The language the page was in otherwise: the messages of an account that never chose one. */
  browserLanguage?: Language;
}

/**
 * Trial sign-in (POST TemporaryUser/Trial/Login): the code proves the mobile number of an approved trial's
 * account, and a session restricted to the demo site starts (loginMode 'trial', no auto-login, never
 * sent to change a password). A wrong code counts against the code's tries and the address's failures;
 * a locked account 403; a trial that is over 403 with SPEC §8's words, only once the code proved the number.
 */
export async function signInForTrial(
  deps: Pick<TrialSignInDeps, 'db'>,
  attempt: TrialSignInAttempt,
  now: number,
): Promise<SignedIn> {
  const repos = readRepositories(deps.db);
  const origin = { ...attempt, loginName: attempt.mobile, productType: undefined };
  const refuse = async (error: ApiError, account?: { org_id: number; id: number }): Promise<never> => {
    await repos.loginLogs.insert(loginLogRow(origin, account, error.key, now));
    throw error;
  };
  if (await addressThrottled(repos, attempt.ip, now)) {
    await refuse(new ApiError(429, 'errors.login.tooManyAttempts'));
  }
  let verified;
  try {
    verified = await verifyCode(
      deps.db,
      { purpose: 'trial-sign-in', recipient: attempt.mobile, code: attempt.code },
      now,
    );
  } catch (error) {
    if (error instanceof ApiError) {
      await countAddressFailure(deps.db, attempt.ip, now);
      await refuse(error);
    }
    throw error;
  }
  const account = await repos.accounts.findWithOrganization(verified.orgId, verified.accountId);
  if (!account) return refuse(new ApiError(400, 'errors.verification.codeExpired'));
  if (account.status === 'locked') return refuse(new ApiError(403, 'errors.login.locked'), account);
  // An organisation that enforces SSO signs its members in there only, an SMS code no more than a password.
  try {
    await assertSignInAllowedUnderSso(repos, account, 'refused', now);
  } catch (error) {
    if (error instanceof ApiError) return refuse(error, account);
    throw error;
  }
  const end = trialEndFrom(account.org_trial_expires_at);
  if (trialState(end, now) !== 'running') {
    return refuse(new ApiError(403, 'errors.login.trialExpired'), account);
  }
  const signedIn = await startSession(
    deps.db,
    { ...origin, account, autoLogin: false, passwordChangeReason: null, loginMode: 'trial' },
    now,
  );
  return { ...signedIn, trialExpiresAt: end };
}

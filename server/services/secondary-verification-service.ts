import type { Kysely } from 'kysely';
import {
  CODE_TYPES,
  LANGUAGES,
  type Language,
  PORTAL_PRODUCT,
  type SecondaryVerificationMode,
  SIGN_IN_CHALLENGE_MAX_TRIES,
  SIGN_IN_CHALLENGE_TTL_MS,
} from '../../domain/constants';
import { type PasswordChangeReason, storedPasswordChangeReason } from '../../domain/rules/password-policy';
import type { CodeType } from '../../domain/rules/password-reset';
import { maskEmail, maskMobile, needsSecondFactor } from '../../domain/rules/secondary-verification';
import type { VerificationChannel } from '../../domain/schemas/secondary-verification';
import type { Database } from '../db/tables';
import { ApiError, replayedRequest } from '../core/errors';
import { writeStatements } from '../db/one-commit';
import type { CodeSenders } from '../integrations/code-senders';
import type { AccountWithOrganization } from '../repositories/accounts-repository';
import { readRepositories, type Repositories, withTransaction } from '../repositories';
import { hashToken, newSessionToken } from '../security/tokens';
import type { OrgChangeContext } from './service-context';
import { loginLogRow, type SignedIn, type SignInOrigin, startSession } from './session-start';
import { issueCode, verifyCode } from './verification-code-service';
import { type LogKey, logMessage } from '../../domain/rules/operation-log-content';

/** The ways this deployment can send a code: SMS (SMS_WEBHOOK_URL) and email (SMTP_URL), or the dev outbox. */
export interface CodeChannels {
  sms: boolean;
  email: boolean;
}

/** The channels of some code senders. */
export function channelsOf(senders: CodeSenders): CodeChannels {
  return { sms: senders.sms !== null, email: senders.email !== null };
}

/** A right secret still waiting for its code: the challenge token (never stored) and where a code can go. */
export interface PendingSecondFactor {
  pending: true;
  token: string;
  expiresAt: number;
  channels: VerificationChannel[];
}

const EXPIRED = () => new ApiError(400, 'errors.secondaryVerification.expired');

/** Where an account can get a code here: its mobile number by SMS, its email by mail, masked for the page. */
export function verificationChannels(
  account: Pick<AccountWithOrganization, 'mobile' | 'email'>,
  channels: CodeChannels,
): VerificationChannel[] {
  const found: VerificationChannel[] = [];
  if (account.mobile && channels.sms)
    found.push({ CodeType: CODE_TYPES.phone, Masked: maskMobile(account.mobile) });
  if (account.email && channels.email)
    found.push({ CodeType: CODE_TYPES.email, Masked: maskEmail(account.email) });
  return found;
}

/**
 * After a right secret: the channels of the code the account's organisation wants before a session (its
 * mode, and for `new-device` whether this device and address are new to the account), or null when none
 * is wanted. An account with nowhere to send a code is refused (403 noContact), not let through.
 */
export async function secondFactorChannels(
  deps: { repos: Repositories; codeChannels?: CodeChannels },
  account: AccountWithOrganization,
  request: { ip: string; deviceId?: string | null },
  /** The organisation's mode, when the caller read it with the account in this request. */
  knownMode?: SecondaryVerificationMode,
): Promise<VerificationChannel[] | null> {
  const mode = knownMode ?? (await deps.repos.secondaryVerification.findMode(account.org_id)).mode;
  if (mode === 'off') return null;
  const source =
    mode === 'always'
      ? { knownDevice: false, knownIp: false }
      : await deps.repos.secondaryVerification.knownSource(
          account.id,
          request.deviceId ? hashToken(request.deviceId) : null,
          request.ip,
        );
  if (!needsSecondFactor(mode, source)) return null;
  const channels = verificationChannels(account, deps.codeChannels ?? { sms: false, email: false });
  if (channels.length === 0) throw new ApiError(403, 'errors.secondaryVerification.noContact');
  return channels;
}

/**
 * Opens the challenge of a right secret: a single-use token (only its hash is kept) that lets the page at
 * /mobileVerify ask for a code and, with the right code from the same address within
 * SIGN_IN_CHALLENGE_TTL_MS, start the session the secret would have started. `settle` lands with it (the
 * re-hash, the failures forgotten).
 */
export async function openChallenge(
  db: Kysely<Database>,
  challenge: {
    account: AccountWithOrganization;
    channels: VerificationChannel[];
    origin: SignInOrigin;
    autoLogin: boolean;
    passwordChangeReason: PasswordChangeReason;
  },
  now: number,
  settle?: (tx: Repositories) => Promise<void>,
): Promise<PendingSecondFactor> {
  const token = newSessionToken();
  const expiresAt = now + SIGN_IN_CHALLENGE_TTL_MS;
  const { account, origin } = challenge;
  await withTransaction(db, async (tx, trx) => {
    // The request's nonce first, in the same commit: a replay opens no challenge and sends no code.
    if (origin.nonce) await writeStatements(trx, [tx.nonces.rememberWrite(origin.nonce, replayedRequest)]);
    if (settle) await settle(tx);
    await tx.secondaryVerification.insertChallenge({
      tokenHash: hashToken(token),
      orgId: account.org_id,
      accountId: account.id,
      ip: origin.ip,
      loginName: origin.loginName,
      autoLogin: challenge.autoLogin,
      product: origin.productType ?? PORTAL_PRODUCT,
      loginClient: origin.loginClient ?? 'pc',
      passwordChangeReason: challenge.passwordChangeReason,
      now,
      expiresAt,
    });
  });
  if (origin.nonce) origin.nonce.recorded = true;
  return { pending: true, token, expiresAt, channels: challenge.channels };
}

/** What sending and checking a sign-in code work with. */
export interface ChallengeDeps {
  db: Kysely<Database>;
  senders: CodeSenders;
  /** Told about a code that could not be delivered; the answer had already been sent. */
  onDeliveryFailure: (error: unknown) => void;
}

/** A live challenge of this token, from this address, with its account still able to sign in. */
async function liveChallenge(repos: Repositories, tokenHash: string, ip: string, now: number) {
  const challenge = await repos.secondaryVerification.findLiveChallenge(
    tokenHash,
    now,
    SIGN_IN_CHALLENGE_MAX_TRIES,
  );
  // Another address holding the token is answered as if it had none, and changes nothing.
  if (!challenge || challenge.ip !== ip) throw EXPIRED();
  const account = await repos.accounts.findWithOrganization(challenge.org_id, challenge.account_id);
  if (!account || account.status !== 'active') throw EXPIRED();
  return { challenge, account };
}

function languageOf(lang: string): Language {
  return (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : LANGUAGES[0];
}

/**
 * Sends the challenge's code to the account's phone or email (the one chosen), through the verification
 * codes' limits (one a minute, five an hour per recipient, twenty an hour per address); the code is
 * delivered in the background. Returns where it went, masked.
 */
export async function sendChallengeCode(
  deps: ChallengeDeps,
  request: { token: string; codeType: CodeType; ip: string },
  now: number,
): Promise<VerificationChannel> {
  const tokenHash = hashToken(request.token);
  const { account } = await liveChallenge(readRepositories(deps.db), tokenHash, request.ip, now);
  const channel = verificationChannels(account, {
    sms: deps.senders.sms !== null,
    email: deps.senders.email !== null,
  }).find((offered) => offered.CodeType === request.codeType);
  if (!channel) throw new ApiError(400, 'errors.secondaryVerification.channelUnavailable');
  const byPhone = request.codeType === CODE_TYPES.phone;
  const recipient = (byPhone ? account.mobile : account.email)!;
  const code = await withTransaction(deps.db, async (tx) => {
    const issued = await issueCode(
      tx,
      {
        purpose: 'sign-in',
        recipient,
        account: { orgId: account.org_id, accountId: account.id },
        ip: request.ip,
      },
      now,
    );
    await tx.secondaryVerification.setRecipient(tokenHash, recipient);
    return issued;
  });
  void deps.senders[byPhone ? 'sms' : 'email']!.send({
    recipient,
    template: 'sign-in-verification',
    code,
    language: languageOf(account.lang),
  }).catch(deps.onDeliveryFailure);
  return channel;
}

/**
 * Finishes a sign-in with the challenge's code: each check claims one of the challenge's tries first (so
 * parallel guesses get no more), the SIGN_IN_CHALLENGE_MAX_TRIES-th wrong code kills it (the user signs
 * in again, and the login log has the failure), and the right one uses it up and starts the session the
 * secret would have started (auto-login, forced password change, login-log row and all).
 */
export async function finishChallenge(
  deps: Pick<ChallengeDeps, 'db'>,
  request: Pick<SignInOrigin, 'ip' | 'userAgent' | 'chosenLanguage' | 'browserLanguage'> & {
    token: string;
    code: string;
    deviceId?: string | null;
    /** The terms in force: the password step was sent with them agreed, so the session records them. */
    termsVersion?: string;
  },
  now: number,
): Promise<SignedIn> {
  const repos = readRepositories(deps.db);
  const tokenHash = hashToken(request.token);
  const { challenge } = await liveChallenge(repos, tokenHash, request.ip, now);
  if (!challenge.recipient) throw new ApiError(400, 'errors.verification.codeExpired');
  const claimed = await repos.secondaryVerification.claimTry(tokenHash, now, SIGN_IN_CHALLENGE_MAX_TRIES);
  if (!claimed?.recipient) throw EXPIRED();
  const origin: SignInOrigin = {
    loginName: claimed.login_name,
    ip: request.ip,
    userAgent: request.userAgent,
    productType: claimed.product,
    loginClient: claimed.login_client,
  };
  try {
    const verified = await verifyCode(
      deps.db,
      { purpose: 'sign-in', recipient: claimed.recipient, code: request.code },
      now,
    );
    if (verified.accountId !== claimed.account_id || verified.orgId !== claimed.org_id) {
      throw new ApiError(400, 'errors.verification.codeWrong');
    }
  } catch (error) {
    if (error instanceof ApiError && claimed.tries >= SIGN_IN_CHALLENGE_MAX_TRIES) {
      await withTransaction(deps.db, async (tx) => {
        await tx.secondaryVerification.consume(tokenHash, now);
        await tx.loginLogs.insert(
          loginLogRow(
            origin,
            { org_id: claimed.org_id, id: claimed.account_id },
            'errors.secondaryVerification.tooManyTries',
            now,
          ),
        );
      });
      throw new ApiError(400, 'errors.secondaryVerification.tooManyTries');
    }
    throw error;
  }
  if (!(await repos.secondaryVerification.consume(tokenHash, now))) throw EXPIRED();
  const account = await repos.accounts.findWithOrganization(claimed.org_id, claimed.account_id);
  if (!account || account.status !== 'active') throw EXPIRED();
  return startSession(
    deps.db,
    {
      ...origin,
      account,
      autoLogin: claimed.auto_login === 1,
      passwordChangeReason: storedPasswordChangeReason(claimed.password_change_reason),
      deviceId: request.deviceId,
      chosenLanguage: request.chosenLanguage,
      browserLanguage: request.browserLanguage,
      termsVersion: request.termsVersion,
    },
    now,
  );
}

/** How the operation log words a mode. */
const MODE_WORDS: Record<SecondaryVerificationMode, LogKey> = {
  off: 'operationLog.words.off',
  'new-device': 'operationLog.words.verifyNewDevice',
  always: 'operationLog.words.verifyAlways',
};

/**
 * Sets an organisation's security verification at sign-in, with its operation-log row in the same
 * transaction. An unknown organisation is refused.
 */
export async function saveSecondaryVerificationMode(
  context: OrgChangeContext,
  mode: SecondaryVerificationMode,
): Promise<void> {
  const { db, orgId, operator, now } = context;
  await withTransaction(db, async (repos) => {
    if (!(await repos.organizations.findById(orgId))) throw new Error(`No organisation with id ${orgId}`);
    await repos.secondaryVerification.saveMode(orgId, mode, now);
    await repos.operationLogs.insert({
      orgId,
      operatorId: operator.id,
      operatorName: operator.name,
      module: 'systemSetting',
      content: logMessage('operationLog.content.signInVerificationSet', {
        mode: logMessage(MODE_WORDS[mode]),
      }),
      now,
    });
  });
}

/** An organisation's security verification at sign-in as its administrators see it: the mode and when it was set. */
export function secondaryVerificationSetting(db: Kysely<Database>, orgId: number) {
  return readRepositories(db).secondaryVerification.findMode(orgId);
}

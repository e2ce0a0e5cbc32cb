import type { Kysely } from 'kysely';
import { knownLanguage, type Language, LOGIN_TYPES } from '../../domain/constants';
import { translate } from '../core/translate';
import {
  CONTACT_CHANNELS,
  CONTACT_KINDS,
  type ContactKind,
  IDENTIFIER_PROOF_TTL_MS,
  type IdentifierProofMethod,
} from '../../domain/rules/personal';
import { formatDateTime } from '../../domain/rules/date-time';
import type { IdentifierProof, IdentifierProofOptions } from '../../domain/schemas/personal';
import type { AccountRow, Database } from '../db/tables';
import { ApiError } from '../core/errors';
import type { CodeSenders } from '../integrations/code-senders';
import { readRepositories, type Repositories } from '../repositories';
import type { ProofHolder } from '../repositories/identifier-proofs-repository';
import { hashToken, newSessionToken } from '../security/tokens';
import { verifyOldPassword } from './password-change-service';
import { issueAndSendCode, verifyCode } from './verification-code-service';

/** What proving the owner and telling them of a change need. */
export interface IdentifierProofDeps {
  db: Kysely<Database>;
  senders: CodeSenders;
  onDeliveryFailure: (error: unknown, channel: string) => void;
}

/** The signed-in session a proof is asked by, and is valid for. */
export type ProofSession = ProofHolder;

/** An account with a password of the portal proves itself with it; any other with a code (domain, SSO). */
export function proofMethodOf(
  account: Pick<AccountRow, 'login_type' | 'password_hash'>,
): IdentifierProofMethod {
  return account.login_type === LOGIN_TYPES.normal && account.password_hash !== '' ? 'password' : 'code';
}

async function activeAccount(repos: Pick<Repositories, 'accounts'>, session: ProofSession) {
  const account = await repos.accounts.findById(session.orgId, session.accountId);
  if (!account || account.status !== 'active') throw new ApiError(401, 'errors.auth.required');
  return account;
}

/** The account's current addresses a code can reach on this deployment's channels. */
function reachableAddresses(account: AccountRow, senders: CodeSenders) {
  return CONTACT_KINDS.flatMap((kind) => {
    const address = account[kind];
    return address && senders[CONTACT_CHANNELS[kind]] ? [{ Kind: kind, Address: address }] : [];
  });
}

/** GET /api/account/identifierChangeProof: how this account proves its owner, and where a code may go. */
export async function identifierProofOptions(
  deps: Pick<IdentifierProofDeps, 'db' | 'senders'>,
  session: ProofSession,
): Promise<IdentifierProofOptions> {
  const account = await activeAccount(readRepositories(deps.db), session);
  const method = proofMethodOf(account);
  return { Method: method, Addresses: method === 'code' ? reachableAddresses(account, deps.senders) : [] };
}

/**
 * Sends a code to the account's CURRENT address of a kind, for an account without a password to prove its
 * owner. The verification codes' send limits apply (one a minute and a few an hour per address, as for a
 * reset code; a few dozen an hour per IP). An account with a password is told to use it.
 */
export async function sendProofCode(
  deps: IdentifierProofDeps,
  session: ProofSession,
  request: { kind: ContactKind; ip: string },
  now: number,
): Promise<void> {
  const account = await activeAccount(readRepositories(deps.db), session);
  if (proofMethodOf(account) === 'password') throw new ApiError(400, 'errors.personal.proofByPassword');
  const address = account[request.kind];
  if (!address) throw new ApiError(400, 'errors.personal.proofAddressMissing');
  const sender = deps.senders[CONTACT_CHANNELS[request.kind]];
  if (!sender) throw new ApiError(400, 'errors.verification.channelUnavailable');
  await issueAndSendCode(
    deps.db,
    sender,
    {
      purpose: 'identifier-proof',
      recipient: address,
      account: { orgId: session.orgId, accountId: session.accountId },
      ip: request.ip,
    },
    { template: 'identifier-proof', language: knownLanguage(account.lang) },
    (error) => deps.onDeliveryFailure(error, CONTACT_CHANNELS[request.kind]),
    now,
  );
}

/**
 * POST /api/account/identifierChangeProof: the owner proves themself, with the current password (which
 * counts toward the account's lock and the address's limit like any wrong password, and the lock ends the
 * session) or, for an account without one, the code sent to a current address (five tries a code). Answers
 * a proof that one change of a sign-in address needs: valid once, for IDENTIFIER_PROOF_TTL_MS, for this
 * account and this session only. Both checks count outside any transaction, so a refusal stays counted.
 */
export async function proveOwner(
  deps: Pick<IdentifierProofDeps, 'db'>,
  session: ProofSession,
  request: { password?: string; kind?: ContactKind; verificationCode?: string; ip: string },
  now: number,
): Promise<IdentifierProof> {
  const account = await activeAccount(readRepositories(deps.db), session);
  let method: 'password' | 'sms' | 'email';
  if (proofMethodOf(account) === 'password') {
    if (request.kind !== undefined || request.verificationCode !== undefined) {
      throw new ApiError(400, 'errors.personal.proofByPassword');
    }
    if (!request.password) throw new ApiError(400, 'errors.personal.passwordRequired', { field: 'password' });
    await provePassword(deps.db, session, request.password, request.ip, now);
    method = 'password';
  } else {
    const { kind, verificationCode } = request;
    if (request.password !== undefined || !kind || !verificationCode) {
      throw new ApiError(400, 'errors.personal.proofByCode');
    }
    const address = account[kind];
    if (!address) throw new ApiError(400, 'errors.personal.proofAddressMissing');
    const verified = await verifyCode(
      deps.db,
      { purpose: 'identifier-proof', recipient: address, code: verificationCode },
      now,
    );
    if (verified.orgId !== session.orgId || verified.accountId !== session.accountId) {
      throw new ApiError(400, 'errors.verification.codeWrong');
    }
    method = CONTACT_CHANNELS[kind];
  }
  const token = newSessionToken();
  const expiresAt = now + IDENTIFIER_PROOF_TTL_MS;
  await readRepositories(deps.db).identifierProofs.insert({
    tokenHash: hashToken(token),
    holder: session,
    method,
    now,
    expiresAt,
  });
  return { ProofToken: token, ExpiresAt: expiresAt };
}

/** The current password, checked and counted as on the password page; its field error names `password`. */
async function provePassword(
  db: Kysely<Database>,
  session: ProofSession,
  password: string,
  ip: string,
  now: number,
): Promise<void> {
  try {
    await verifyOldPassword(
      { db },
      { orgId: session.orgId, accountId: session.accountId, oldPassword: password, ip },
      now,
    );
  } catch (error) {
    if (error instanceof ApiError && error.params?.field === 'OldPassword') {
      throw new ApiError(error.statusCode, error.key, { ...error.params, field: 'password' });
    }
    throw error;
  }
}

/** Refuses (403 errors.personal.proofRequired) unless the token is a live proof of this session's owner. */
export async function requireLiveProof(
  repos: Pick<Repositories, 'identifierProofs'>,
  session: ProofSession,
  token: string | undefined,
  now: number,
): Promise<void> {
  if (!token || !(await repos.identifierProofs.isLive(hashToken(token), session, now))) {
    throw new ApiError(403, 'errors.personal.proofRequired');
  }
}

/** Uses the proof up, inside the change's transaction (a refused change gives it back with the rollback). */
export async function claimProof(
  tx: Pick<Repositories, 'identifierProofs'>,
  session: ProofSession,
  token: string | undefined,
  now: number,
): Promise<void> {
  if (!token || !(await tx.identifierProofs.claim(hashToken(token), session, now))) {
    throw new ApiError(403, 'errors.personal.proofRequired');
  }
}

/**
 * A moment as the notice states it, in the account's language on UTC and saying so (a mail is read
 * wherever its reader is): `2026-11-23 09:00 UTC`, `Nov 23, 2026 09:00 UTC`.
 */
function noticeTime(at: number, language: Language): string {
  return `${formatDateTime(at, { language, timeZone: 'UTC' })} UTC`;
}

/**
 * Tells the owner that a sign-in address changed, in the account's language, with the time and the IP
 * the change came from: at the address it replaced, or, when there was none (one was added), at the
 * account's other address. Delivered in the background like a code; a failure is logged, the change stands.
 */
export function noticeIdentifierChanged(
  deps: Pick<IdentifierProofDeps, 'senders' | 'onDeliveryFailure'>,
  before: Pick<AccountRow, 'mobile' | 'email' | 'lang'>,
  change: { kind: ContactKind; ip: string; at: number },
): void {
  const other: ContactKind = change.kind === 'mobile' ? 'email' : 'mobile';
  const target = [change.kind, other]
    .map((kind) => ({ kind, address: before[kind], sender: deps.senders[CONTACT_CHANNELS[kind]] }))
    .find((candidate) => candidate.address && candidate.sender);
  if (!target?.address || !target.sender) return;
  const language = knownLanguage(before.lang);
  void target.sender
    .send({
      recipient: target.address,
      template: 'identifier-changed',
      code: '',
      language,
      params: {
        identifier: change.kind,
        what: translate(language, `personal.notice.${change.kind}`),
        time: noticeTime(change.at, language),
        ip: change.ip,
      },
    })
    .catch((error: unknown) => deps.onDeliveryFailure(error, CONTACT_CHANNELS[target.kind]));
}

import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  CODE_LENGTH,
  CODE_MAX_TRIES,
  CODE_RESEND_MS,
  CODE_SENDS_PER_ACCOUNT_HOUR,
  CODE_SENDS_PER_IP_HOUR,
  CODE_TTL_MS,
  HOUR_MS,
  type Language,
} from '../../domain/constants';
import type { Database } from '../db/tables';
import { ApiError } from '../core/errors';
import type { CodeSender, CodeTemplate } from '../integrations/code-sender';
import { countingRepositories, type Repositories, withTransaction } from '../repositories';
import { safeEqualHex } from '../security/tokens';

/**
 * What a code is for (a password reset, a sign-in's security verification, a new mobile number or email on
 * personal info, the proof that the owner of an account without a password is changing its address);
 * codes of one never verify another.
 */
export type CodePurpose =
  'reset' | 'sign-in' | 'contact-change' | 'identifier-proof' | 'trial' | 'trial-sign-in';

/** A code of CODE_LENGTH digits from the CSPRNG, leading zeros kept. */
export function randomCode(): string {
  return String(randomInt(10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

function codeHash(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

/**
 * Counts one send against the limits, inside the caller's transaction: one code per name per
 * CODE_RESEND_MS, CODE_SENDS_PER_ACCOUNT_HOUR per name and CODE_SENDS_PER_IP_HOUR per address. A code to a
 * new address (contact change) also counts against the account that asks, CODE_SENDS_PER_ACCOUNT_HOUR an
 * hour whatever the addresses, as a reset code counts against the account's own name. Over any of them it
 * throws 429 'too frequent', and the transaction's rollback takes the counts back, so a refused send
 * changes nothing. Names with and without an account are counted alike.
 */
async function countSend(
  tx: Pick<Repositories, 'sendCounters'>,
  request: { purpose: CodePurpose; recipient: string; account: { orgId: number; accountId: number } | null },
  ip: string,
  now: number,
): Promise<void> {
  const { purpose, recipient, account } = request;
  const limits: Array<[key: string, windowMs: number, max: number]> = [
    [`code:ip:${ip}`, HOUR_MS, CODE_SENDS_PER_IP_HOUR],
    [`code:resend:${purpose}:${recipient}`, CODE_RESEND_MS, 1],
    [`code:account:${recipient}`, HOUR_MS, CODE_SENDS_PER_ACCOUNT_HOUR],
  ];
  if (purpose === 'contact-change' && account) {
    limits.push([
      `code:contact-change:${account.orgId}:${account.accountId}`,
      HOUR_MS,
      CODE_SENDS_PER_ACCOUNT_HOUR,
    ]);
  }
  for (const [key, windowMs, max] of limits) {
    const count = await tx.sendCounters.increment(key, now, windowMs);
    if (count > max) throw new ApiError(429, 'errors.request.tooFrequent');
  }
}

/**
 * Issues a new code for a name inside the caller's transaction, after the send limits, and retires the
 * name's earlier codes. A name without an account gets the same row and counts (a code nobody receives),
 * so answers and timing do not tell whether the account exists. Returns the code to deliver.
 */
export async function issueCode(
  tx: Pick<Repositories, 'sendCounters' | 'verificationCodes'>,
  request: {
    purpose: CodePurpose;
    recipient: string;
    account: { orgId: number; accountId: number } | null;
    ip: string;
  },
  now: number,
): Promise<string> {
  await countSend(tx, request, request.ip, now);
  const code = randomCode();
  const salt = randomBytes(16).toString('hex');
  await tx.verificationCodes.replace({
    purpose: request.purpose,
    recipient: request.recipient,
    orgId: request.account?.orgId ?? null,
    accountId: request.account?.accountId ?? null,
    salt,
    codeHash: codeHash(salt, code),
    now,
    expiresAt: now + CODE_TTL_MS,
  });
  return code;
}

/**
 * Issues a code to `request.recipient` in a transaction of its own (see issueCode) and sends it in the
 * background: a delivery that fails goes to `onDeliveryFailure` (logged by the route), the code stands.
 */
export async function issueAndSendCode(
  db: Kysely<Database>,
  sender: CodeSender,
  request: Parameters<typeof issueCode>[1],
  message: { template: CodeTemplate; language: Language },
  onDeliveryFailure: (error: unknown) => void,
  now: number,
): Promise<void> {
  const code = await withTransaction(db, (tx) => issueCode(tx, request, now));
  void sender.send({ recipient: request.recipient, code, ...message }).catch(onDeliveryFailure);
}

/**
 * Checks a code sent to a name that has no account yet (a trial applicant's mobile number) and uses it up
 * when it is right, with the same tries and answers as verifyCode (and, like it, outside any transaction).
 */
export async function verifyRecipientCode(
  db: Kysely<Database>,
  request: { purpose: CodePurpose; recipient: string; code: string },
  now: number,
): Promise<void> {
  const repos = countingRepositories(db, 'verifyRecipientCode');
  const row = await repos.verificationCodes.claimTry(request.purpose, request.recipient, now, CODE_MAX_TRIES);
  if (!row) throw new ApiError(400, 'errors.verification.codeExpired');
  if (!safeEqualHex(row.code_hash, codeHash(row.salt, request.code))) {
    throw new ApiError(
      400,
      row.tries >= CODE_MAX_TRIES ? 'errors.verification.codeTooManyTries' : 'errors.verification.codeWrong',
    );
  }
  if (!(await repos.verificationCodes.consume(row.id, now))) {
    throw new ApiError(400, 'errors.verification.codeExpired');
  }
}

/** The account a verified code was issued for. */
export interface VerifiedCode {
  orgId: number;
  accountId: number;
}

/**
 * Checks a code for a name and uses it up when it is right. Each check, right or wrong, counts as one of
 * the code's CODE_MAX_TRIES, claimed before comparing, so parallel guesses get no more. No live code
 * (never sent, expired, used, or dead after too many tries) is `codeExpired`; a wrong code is `codeWrong`,
 * and the try that kills the code says so (`codeTooManyTries`). A code that belongs to no account never
 * verifies, and fails the same way a wrong one does. Each try is committed as it is claimed, so the check
 * runs on the root handle, never inside the caller's transaction (whose rollback on the refusal would take
 * the try back): see countingRepositories.
 */
export async function verifyCode(
  db: Kysely<Database>,
  request: { purpose: CodePurpose; recipient: string; code: string },
  now: number,
): Promise<VerifiedCode> {
  const repos = countingRepositories(db, 'verifyCode');
  const row = await repos.verificationCodes.claimTry(request.purpose, request.recipient, now, CODE_MAX_TRIES);
  if (!row) throw new ApiError(400, 'errors.verification.codeExpired');
  const matches = safeEqualHex(row.code_hash, codeHash(row.salt, request.code));
  if (!matches || row.account_id === null || row.org_id === null) {
    throw new ApiError(
      400,
      row.tries >= CODE_MAX_TRIES ? 'errors.verification.codeTooManyTries' : 'errors.verification.codeWrong',
    );
  }
  if (!(await repos.verificationCodes.consume(row.id, now))) {
    throw new ApiError(400, 'errors.verification.codeExpired');
  }
  return { orgId: Number(row.org_id), accountId: Number(row.account_id) };
}

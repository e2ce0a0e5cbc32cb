import type { Kysely } from 'kysely';
import { FAILURE_WINDOW_MS } from '../../domain/constants';
import type { ErrorKey, MessageParams } from '../../domain/i18n';
import { ApiError } from '../core/errors';
import type { Database } from '../db/tables';
import { GLOBAL_FAILURE_KEY } from '../core/failure-keys';
import { type Repositories, withTransaction } from '../repositories';

/** The failure counters a wrong password moves: its address's, its address's locks and its name's. */
export interface PasswordFailureKeys {
  ipKey: string;
  locksKey: string;
  accountKey: string;
}

/** The counts after one more failure. */
export interface PasswordFailureCounts {
  account: number;
  ip: number;
  global: number;
}

/**
 * One wrong password where sign-in's counters apply (sign-in itself, and the reset wizard's old-password way):
 * the address, the deployment and the name each count one more; at `lockAfter` the name also counts against
 * the address's locks (known or not, so the answers stay alike) and a known account is locked. The counters,
 * the lock and the attempt's log row (written by `log` with the transaction's login log) land together or not
 * at all.
 */
export function countPasswordFailure(
  db: Kysely<Database>,
  keys: PasswordFailureKeys,
  account: { org_id: number; id: number } | undefined,
  lockAfter: number,
  now: number,
  log: (reason: ErrorKey, logs: Repositories['loginLogs']) => Promise<unknown>,
): Promise<PasswordFailureCounts> {
  return withTransaction(db, async (tx) => {
    const ip = await tx.authFailures.increment(keys.ipKey, now, FAILURE_WINDOW_MS);
    const global = await tx.authFailures.increment(GLOBAL_FAILURE_KEY, now, FAILURE_WINDOW_MS);
    const failures = await tx.authFailures.increment(keys.accountKey, now, FAILURE_WINDOW_MS);
    const locked = failures >= lockAfter;
    if (locked) {
      await tx.authFailures.increment(keys.locksKey, now, FAILURE_WINDOW_MS);
      if (account) await tx.accounts.lock(account.org_id, account.id, now);
    }
    await log(locked ? 'errors.login.locked' : 'errors.login.wrongCredentials', tx.loginLogs);
    return { account: failures, ip, global };
  });
}

/** A wrong password's answer names the attempts left once this few remain. */
const WARN_WHEN_REMAINING = 2;

/**
 * Counts one wrong password (countPasswordFailure) and answers the refusal to throw: locked when this failure
 * locked the name, otherwise wrong credentials, naming the attempts left once few remain. `paramsAfter` adds
 * what a caller says from the new counts (sign-in: that the next attempt needs a captcha).
 */
export async function wrongPasswordRefusal(
  db: Kysely<Database>,
  keys: PasswordFailureKeys,
  account: { org_id: number; id: number } | undefined,
  lockAfter: number,
  now: number,
  log: (reason: ErrorKey, logs: Repositories['loginLogs']) => Promise<unknown>,
  paramsAfter?: (counts: PasswordFailureCounts) => MessageParams | undefined,
): Promise<ApiError> {
  const counts = await countPasswordFailure(db, keys, account, lockAfter, now, log);
  const remaining = lockAfter - counts.account;
  if (remaining <= 0) return new ApiError(403, 'errors.login.locked');
  const params = paramsAfter?.(counts);
  if (remaining <= WARN_WHEN_REMAINING) {
    return new ApiError(401, 'errors.login.wrongCredentialsRemaining', { remaining, ...params });
  }
  return new ApiError(401, 'errors.login.wrongCredentials', params);
}

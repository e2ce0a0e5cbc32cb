import { MINUTE_MS } from '../../domain/constants';
import { ApiError } from '../core/errors';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { readRepositories } from '../repositories';

/** Existence checks one address (and one administrator) may make per window. */
export const EXISTENCE_CHECKS_PER_WINDOW = 30;
export const EXISTENCE_CHECK_WINDOW_MS = 10 * MINUTE_MS;

/** What is asked and by whom: a normalised mobile number or email, the address, the administrator or null. */
export interface ExistenceQuestion {
  kind: 'mobile' | 'email';
  value: string;
  ip: string;
  administrator: { accountId: number } | null;
}

/**
 * Whether an account signs in with this mobile number or email (POST account/isExistMobile, isExistEmail):
 * told to an organisation administrator (adding a member refuses a taken one anyway), null to every other
 * caller without looking, so nobody enumerates accounts. Counted per address and per administrator:
 * more than EXISTENCE_CHECKS_PER_WINDOW in EXISTENCE_CHECK_WINDOW_MS is 429.
 */
export async function accountExists(
  db: Kysely<Database>,
  question: ExistenceQuestion,
  now: number,
): Promise<boolean | null> {
  const repos = readRepositories(db);
  const keys = [`exists:ip:${question.ip}`];
  if (question.administrator) keys.push(`exists:account:${question.administrator.accountId}`);
  for (const key of keys) {
    const count = await repos.sendCounters.increment(key, now, EXISTENCE_CHECK_WINDOW_MS);
    if (count > EXISTENCE_CHECKS_PER_WINDOW) throw new ApiError(429, 'errors.request.tooFrequent');
  }
  if (!question.administrator) return null;
  return repos.members.accountNameTaken({ kind: question.kind, value: question.value });
}

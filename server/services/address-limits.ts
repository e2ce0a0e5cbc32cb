import type { Kysely } from 'kysely';
import { FAILURE_WINDOW_MS } from '../../domain/constants';
import { signInThrottled } from '../../domain/rules/sign-in-limits';
import type { Database } from '../db/tables';
import { ipFailureKey, ipLocksKey } from '../core/failure-keys';
import { countingRepositories, type Repositories } from '../repositories';

/**
 * Whether an address must wait before any sign-in work (too many failures, or too many accounts locked, in
 * the window): for sign-ins that do costly work before signIn() counts anything, such as a chat host's
 * code exchanged with the platform.
 */
export async function addressThrottled(repos: Repositories, ip: string, now: number): Promise<boolean> {
  const ipKey = ipFailureKey(ip);
  const locksKey = ipLocksKey(ip);
  const stored = await repos.authFailures.countMany([ipKey, locksKey], now, FAILURE_WINDOW_MS);
  return signInThrottled({ ip: stored.get(ipKey) ?? 0, ipLocks: stored.get(locksKey) ?? 0 });
}

/**
 * Counts one failure against an address (a refused chat-host code, for instance) in the window, committed
 * on its own: the refusal that follows must not take it back (see countingRepositories).
 */
export async function countAddressFailure(db: Kysely<Database>, ip: string, now: number): Promise<void> {
  await countingRepositories(db, 'countAddressFailure').authFailures.increment(
    ipFailureKey(ip),
    now,
    FAILURE_WINDOW_MS,
  );
}

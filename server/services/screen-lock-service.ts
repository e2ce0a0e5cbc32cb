import type { Kysely } from 'kysely';
import { LOGIN_TYPES } from '../../domain/constants';
import { ApiError } from '../core/errors';
import type { Database } from '../db/tables';
import { withTransaction } from '../repositories';
import { type OldPasswordCheck, verifyOldPassword } from './password-change-service';

/**
 * Locks the screen of a session (held on the session, so every tab and a reload stay locked); a domain
 * account, which has no portal password to unlock with, 400. Locking a locked session changes nothing.
 */
export async function lockScreen(
  db: Kysely<Database>,
  session: { id: number; locked: boolean; account: { login_type: number } },
  now: number,
): Promise<void> {
  if (session.account.login_type === LOGIN_TYPES.ad) throw new ApiError(400, 'errors.screenLock.unavailable');
  if (!session.locked) await withTransaction(db, (repos) => repos.sessions.setLocked(session.id, now));
}

/**
 * Unlocks a session's screen with the account's password, checked (and its failures counted) as the
 * password change's old password is: that check's refusals pass through unchanged.
 */
export async function unlockScreen(
  db: Kysely<Database>,
  sessionId: number,
  check: OldPasswordCheck,
  now: number,
): Promise<void> {
  await verifyOldPassword({ db }, check, now);
  await withTransaction(db, (repos) => repos.sessions.setLocked(sessionId, null));
}

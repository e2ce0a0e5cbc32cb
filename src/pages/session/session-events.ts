import type { ErrorKey } from '../../../domain/i18n';
import { currentSession } from '../../adapters/account-api';
import { ApiError } from '../../adapters/api-client';
import { goToHash } from '../../adapters/browser-window';
import { writeLoginNotice, writeScreenLockFrom } from '../../adapters/storage';
import { followAccountLanguage } from '../../i18n/i18n';
import { PATHS } from '../paths';
import { serverNow } from './server-clock';
import { sessionStore } from './use-session';

/**
 * Keys of 401 answers whose message the login page shows as a notice: the forced logout, and the lock that
 * too many wrong old passwords on /modifyPsw put on the account.
 */
const NOTICE_KEYS: ReadonlySet<ErrorKey> = new Set([
  'errors.auth.forcedLogout',
  'errors.login.locked',
  'errors.login.trialExpired',
]);

/** Keys of a session that is simply gone: missing, unknown or idle too long. */
const GONE_KEYS: ReadonlySet<ErrorKey> = new Set(['errors.auth.required', 'errors.auth.sessionExpired']);

/**
 * The notice the login page shows after a 401, or null. A session found gone once its 5-day end has
 * passed was ended by the forced logout even when the server cannot say so any more: an auto-login
 * cookie expires at that end and is no longer sent, and the ended session is soon purged.
 */
export function signedOutNotice(key: ErrorKey, sessionEnd: number | null, now: number): ErrorKey | null {
  if (NOTICE_KEYS.has(key)) return key;
  if (GONE_KEYS.has(key) && sessionEnd !== null && now >= sessionEnd) return 'errors.auth.forcedLogout';
  return null;
}

/** Forgets the user, keeping the notice their 401 calls for for the login page. */
function forget(error: ApiError): void {
  const notice = signedOutNotice(error.key, sessionStore.get().session?.ExpiredTime ?? null, serverNow());
  sessionStore.clear();
  if (notice) writeLoginNotice(notice);
}

/** The API client's 401 handler: forget the user and go to login, with the forced-logout notice if any. */
export function handleUnauthorized(error: ApiError): void {
  forget(error);
  goToHash(PATHS.login);
}

/**
 * The API client's handler of an address the IP whitelist refused: the server has ended the session, so
 * forget the user and show /ipException (whose way out is the login page).
 */
export function handleIpForbidden(): void {
  sessionStore.clear();
  goToHash(PATHS.ipException);
}

/**
 * The API client's handler of a session the screen lock holds (locked in another tab, or before a reload):
 * remember the page, mark the session locked, and the guard shows /lock.
 */
export function handleScreenLocked(): void {
  const from = window.location.hash.replace(/^#/, '');
  if (from && from !== PATHS.lock) writeScreenLockFrom(from);
  sessionStore.update({ Locked: true });
}

/**
 * At boot, checks a stored session against the server: refreshes it (language, UI version) or
 * forgets it, keeping the forced-logout notice for the login page. Other failures keep it as is.
 */
export async function restoreSession(): Promise<void> {
  if (!sessionStore.get().session) return;
  try {
    const session = await currentSession();
    sessionStore.signIn(session);
    await followAccountLanguage(session);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) forget(error);
  }
}

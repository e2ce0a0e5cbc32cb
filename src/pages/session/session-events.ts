import type { ErrorKey } from '../../../domain/i18n';
import { currentSession } from '../../adapters/account-api';
import { ApiError } from '../../adapters/api-client';
import { goToHash } from '../../adapters/browser-window';
import { writeLoginNotice } from '../../adapters/storage';
import { changeLanguage, currentLanguage } from '../../i18n/i18n';
import { PATHS } from '../paths';
import { sessionStore } from './use-session';

/**
 * Keys of 401 answers whose message the login page shows as a notice: the forced logout, and the lock that
 * too many wrong old passwords on /modifyPsw put on the account.
 */
const NOTICE_KEYS: ReadonlySet<ErrorKey> = new Set(['errors.auth.forcedLogout', 'errors.login.locked']);

/** The API client's 401 handler: forget the user and go to login, with the forced-logout notice if any. */
export function handleUnauthorized(error: ApiError): void {
  sessionStore.clear();
  if (NOTICE_KEYS.has(error.key)) writeLoginNotice(error.key);
  goToHash(PATHS.login);
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
    if (session.Lang !== currentLanguage()) await changeLanguage(session.Lang);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      sessionStore.clear();
      if (NOTICE_KEYS.has(error.key)) writeLoginNotice(error.key);
    }
  }
}

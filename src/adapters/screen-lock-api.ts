import { apiClient } from './api-client';

/** POST /api/account/lock: the server holds the lock on this session until the password unlocks it. */
export async function lockScreen(): Promise<void> {
  await apiClient().post('/account/lock', {}, { silent: true });
}

/**
 * POST /api/account/unlock with the account's password. A wrong one is a field error the lock page shows
 * (silent here); the failure that locks the account is a 401, which signs out as any 401 does.
 */
export async function unlockScreen(password: string): Promise<void> {
  await apiClient().post('/account/unlock', { Password: password }, { silent: true });
}

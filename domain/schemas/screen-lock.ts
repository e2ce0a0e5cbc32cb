import { z } from 'zod';
import { LOGIN_PASSWORD_MAX_LENGTH } from '../constants';

/** POST /api/account/unlock: the signed-in account's password. */
export const unlockRequestSchema = z.object({
  Password: z
    .string()
    .min(1, 'errors.screenLock.passwordRequired')
    .max(LOGIN_PASSWORD_MAX_LENGTH, 'errors.login.passwordTooLong'),
});
export type UnlockRequest = z.input<typeof unlockRequestSchema>;

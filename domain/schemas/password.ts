import { z } from 'zod';
import { LOGIN_PASSWORD_MAX_LENGTH } from '../constants';
import { CHARACTER_CLASSES } from '../rules/password-policy';

/**
 * GET /api/OrganizationConfig/PwdRequiredRules: the password policy a new password must meet, for the live
 * hints beside the inputs (the server checks again). The common-password blocklist always applies.
 */
export const pwdRequiredRulesSchema = z.object({
  MinLength: z.number().int(),
  MaxLength: z.number().int(),
  RequiredClasses: z.array(z.enum(CHARACTER_CLASSES)),
  /** never, 10m, 30m, 1h, 24h or <n>months. */
  Expiry: z.string(),
  /** A new password must differ from the current one and from this many before it. */
  HistoryDepth: z.number().int(),
});
export type PwdRequiredRules = z.infer<typeof pwdRequiredRulesSchema>;

/** A password field of a request: required, never trimmed, capped only against kilobyte bodies. */
const passwordField = (
  requiredKey:
    'errors.password.oldRequired' | 'errors.password.newRequired' | 'errors.password.confirmRequired',
) =>
  z
    .string({ error: requiredKey })
    .min(1, requiredKey)
    .max(LOGIN_PASSWORD_MAX_LENGTH, 'errors.password.tooLong');

/** Body of POST /api/Account/Password/Verify: the signed-in user's current password. */
export const verifyOldPasswordRequestSchema = z.object({
  OldPassword: passwordField('errors.password.oldRequired'),
});
export type VerifyOldPasswordRequest = z.infer<typeof verifyOldPasswordRequestSchema>;

/**
 * Body of PUT /api/Account/Password/Modify: SPEC's current and new password. The confirmation belongs to
 * the form (it checks it before sending); a caller that sends one has it checked too.
 */
export const modifyPasswordRequestSchema = z.object({
  OldPassword: passwordField('errors.password.oldRequired'),
  NewPassword: passwordField('errors.password.newRequired'),
  ConfirmPassword: passwordField('errors.password.confirmRequired').optional(),
});
export type ModifyPasswordRequest = z.infer<typeof modifyPasswordRequestSchema>;

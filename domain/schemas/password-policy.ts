import { z } from 'zod';
import { CHARACTER_CLASSES, parseExpiry, PASSWORD_POLICY_LIMITS } from '../rules/password-policy';

const { length, historyDepth, lockAfter } = PASSWORD_POLICY_LIMITS;

/**
 * An organisation's password policy as the administrator's screen reads and saves it (GET/PUT
 * /api/organizationConfig/passwordPolicy): length, character classes, expiry (SPEC §9: never, 10m, 30m, 1h,
 * 24h or <n>months), how many earlier passwords a new one must differ from, and the lock threshold.
 */
export const passwordPolicySettingSchema = z.object({
  MinLength: z
    .number()
    .int()
    .min(length.min, 'errors.passwordPolicy.minLength')
    .max(length.max, 'errors.passwordPolicy.minLength'),
  MaxLength: z
    .number()
    .int()
    .min(length.min, 'errors.passwordPolicy.maxLength')
    .max(length.max, 'errors.passwordPolicy.maxLength'),
  RequiredClasses: z.array(z.enum(CHARACTER_CLASSES)).max(CHARACTER_CLASSES.length),
  Expiry: z.string().refine((value) => parseExpiry(value) !== null, 'errors.passwordPolicy.expiry'),
  HistoryDepth: z
    .number()
    .int()
    .min(historyDepth.min, 'errors.passwordPolicy.historyDepth')
    .max(historyDepth.max, 'errors.passwordPolicy.historyDepth'),
  LockAfter: z
    .number()
    .int()
    .min(lockAfter.min, 'errors.passwordPolicy.lockAfter')
    .max(lockAfter.max, 'errors.passwordPolicy.lockAfter'),
});
export type PasswordPolicySetting = z.infer<typeof passwordPolicySettingSchema>;

/**
 * The policy as the administrator's screen reads it (GET, and the answer to PUT): the settings, and the
 * minimum length NIST SP 800-63B-4 asks for under the organisation's security verification (15 when the
 * password is the only factor, 8 when every sign-in also needs a code), shown beside a shorter choice.
 */
export const passwordPolicyViewSchema = passwordPolicySettingSchema.extend({
  RecommendedMinLength: z.number().int(),
});
export type PasswordPolicyView = z.infer<typeof passwordPolicyViewSchema>;

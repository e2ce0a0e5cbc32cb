import { z } from 'zod';
import { LOGIN_PASSWORD_MAX_LENGTH } from '../constants';
import { ESIGN_LIMITS, ESIGN_MODES, ESIGN_STRENGTHS } from '../rules/esign';

const { minLength } = ESIGN_LIMITS;

/**
 * An organisation's electronic signature settings as the administrator saves them (POST /api/esign/save):
 * on or off, the strength (configurations/Options/EsignPasswordStrength), the minimum length (6 to 32) and
 * whether members may sign with their login password.
 */
export const esignSettingSchema = z.strictObject({
  Enabled: z.boolean(),
  Strength: z.enum(ESIGN_STRENGTHS),
  MinLength: z
    .number()
    .int('errors.esign.minLength')
    .min(minLength.min, 'errors.esign.minLength')
    .max(minLength.max, 'errors.esign.minLength'),
  AllowSameAsLogin: z.boolean(),
});
export type EsignSetting = z.infer<typeof esignSettingSchema>;

/**
 * GET /api/Esign: the organisation's settings and the signed-in member's own signature: how they sign
 * (`Mode`: none yet, a separate password, or the login password while allowed) and whether wrong tries
 * have locked it (until `LockedUntil`, epoch ms). Never a hash.
 */
export const esignInfoSchema = esignSettingSchema.extend({
  Mode: z.enum(ESIGN_MODES),
  HasPassword: z.boolean(),
  Locked: z.boolean(),
  LockedUntil: z.number().nullable(),
});
export type EsignInfo = z.infer<typeof esignInfoSchema>;

/** A password field of these bodies: required, never trimmed, capped only against kilobyte bodies. */
const passwordField = (requiredKey: 'errors.esign.required' | 'errors.esign.loginPasswordRequired') =>
  z
    .string({ error: requiredKey })
    .min(1, requiredKey)
    .max(LOGIN_PASSWORD_MAX_LENGTH, 'errors.password.tooLong');

/** Body of POST Esign/verifyLoginPassword/{id} and EnableAssociatedLoginPassword/{id}. */
export const esignLoginPasswordSchema = z.strictObject({
  LoginPassword: passwordField('errors.esign.loginPasswordRequired'),
});
export type EsignLoginPassword = z.infer<typeof esignLoginPasswordSchema>;

/** Body of POST Esign/Modify/{id}: the login password again (proof), the new signature password twice. */
export const esignModifySchema = z.strictObject({
  LoginPassword: passwordField('errors.esign.loginPasswordRequired'),
  Password: passwordField('errors.esign.required'),
  ConfirmPassword: passwordField('errors.esign.required'),
});
export type EsignModify = z.infer<typeof esignModifySchema>;

/** Body of POST VerifyEsignPassword/{id}: the signature password a product asks for before signing. */
export const esignVerifySchema = z.strictObject({ Password: passwordField('errors.esign.required') });
export type EsignVerify = z.infer<typeof esignVerifySchema>;

/** Answer of VerifyEsignPassword/{id} when the password is right (every wrong one is a failure). */
export const esignVerifiedSchema = z.object({ Verified: z.literal(true) });

/** GET /api/configurations/Options/{id}: a configuration's choices, named in the caller's language. */
export const configurationOptionsSchema = z.array(z.object({ Value: z.string(), Name: z.string() }));
export type ConfigurationOptions = z.infer<typeof configurationOptionsSchema>;

/** Path of GET /api/configurations/Options/{id}: the configuration's name, e.g. EsignPasswordStrength. */
export const configurationOptionsParamsSchema = z.object({ id: z.string().min(1).max(64) });

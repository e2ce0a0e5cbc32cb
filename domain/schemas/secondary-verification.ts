import { z } from 'zod';
import { SECONDARY_VERIFICATION_MODES } from '../constants';
import { verificationCodeProblem } from '../rules/password-reset';
import { sessionInfoSchema } from './account';
import { signInLanguageSchema } from './common';
import { codeTypeSchema } from './password-reset';

/** Longest challenge token accepted (the server hands out 43 characters), with room. */
const TOKEN_MAX_LENGTH = 64;

/** An organisation's security verification at sign-in: off, on a new device or address, or always. */
export const secondaryVerificationModeSchema = z.enum(SECONDARY_VERIFICATION_MODES, {
  error: 'errors.request.invalid',
});

/** PUT /api/organizationConfig/secondaryVerification. */
export const secondaryVerificationSettingSchema = z.object({ mode: secondaryVerificationModeSchema });
export type SecondaryVerificationSetting = z.infer<typeof secondaryVerificationSettingSchema>;

/** GET and PUT /api/organizationConfig/secondaryVerification: the mode and when it was last set (or null). */
export const secondaryVerificationSettingResponseSchema = secondaryVerificationSettingSchema.extend({
  updatedAt: z.number().nullable(),
});
export type SecondaryVerificationSettingResponse = z.infer<typeof secondaryVerificationSettingResponseSchema>;

/** Where a sign-in's code can go: phone (codeType 1) or email (2), shown masked. */
export const verificationChannelSchema = z.object({ CodeType: codeTypeSchema, Masked: z.string() });
export type VerificationChannel = z.infer<typeof verificationChannelSchema>;

/**
 * The answer of a right password when the organisation wants a code too: no session yet, a single-use
 * challenge token for /mobileVerify (valid until ExpiresAt, from this address only) and the channels.
 */
export const pendingVerificationSchema = z.object({
  SecondaryVerify: z.object({
    Token: z.string(),
    ExpiresAt: z.number(),
    Channels: z.array(verificationChannelSchema).min(1),
  }),
});
export type PendingVerification = z.infer<typeof pendingVerificationSchema>;

/** POST /api/account/login and loginV2: the session, or the verification still to pass. */
export const loginAnswerSchema = z.union([sessionInfoSchema, pendingVerificationSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

const tokenSchema = z
  .string()
  .min(1, 'errors.secondaryVerification.expired')
  .max(TOKEN_MAX_LENGTH, 'errors.secondaryVerification.expired');

/** POST /api/Account/Login/SecondaryVerify/SendCode: a code for the challenge, by phone or email. */
export const sendSecondaryCodeRequestSchema = z.object({ Token: tokenSchema, CodeType: codeTypeSchema });
export type SendSecondaryCodeRequest = z.infer<typeof sendSecondaryCodeRequestSchema>;

/** POST /api/Account/Login/Secondary: the code that finishes the sign-in. */
export const secondaryVerifyRequestSchema = z
  .object({
    Token: tokenSchema,
    VerificationCode: z.string().max(TOKEN_MAX_LENGTH, 'errors.verification.codeFormat'),
    Lang: signInLanguageSchema,
  })
  .superRefine((body, ctx) => {
    const problem = verificationCodeProblem(body.VerificationCode);
    if (problem) ctx.addIssue({ code: 'custom', path: ['VerificationCode'], message: problem });
  });
export type SecondaryVerifyRequest = z.infer<typeof secondaryVerifyRequestSchema>;

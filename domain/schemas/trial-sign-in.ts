import { z } from 'zod';
import { LOGIN_CODE_MAX_LENGTH } from '../constants';
import { trialMobileProblem } from '../rules/trial';
import { signInLanguageSchema } from './common';

const mobileSchema = z
  .string()
  .max(64, 'errors.validation.invalidMobile')
  .superRefine((value, ctx) => {
    const problem = trialMobileProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** POST /api/TemporaryUser/Trial/SendCode: a sign-in code to a trial account's mobile number. */
export const trialSendCodeRequestSchema = z.object({ mobilePhone: mobileSchema });
export type TrialSendCodeRequest = z.input<typeof trialSendCodeRequestSchema>;

/** POST /api/TemporaryUser/Trial/Login: the mobile number, its code and the agreement tick. */
export const trialLoginRequestSchema = z.object({
  mobilePhone: mobileSchema,
  verificationCode: z
    .string()
    .trim()
    .min(1, 'errors.verification.codeRequired')
    .regex(/^\d{6}$/, 'errors.verification.codeFormat'),
  /** The agreement tick, as on the login page. */
  agreed: z.literal(true, { error: 'errors.login.agreementRequired' }),
  /** pc or mobile: recorded in the login log. */
  loginClient: z.string().max(LOGIN_CODE_MAX_LENGTH, 'errors.validation.tooLong').optional(),
  lang: signInLanguageSchema,
});
export type TrialLoginRequest = z.input<typeof trialLoginRequestSchema>;

/**
 * What the trial sign-in answers besides the session cookies: a trial session and when its trial ends.
 * The account state itself comes from GET /api/account/current, as after any sign-in.
 */
export const trialLoginAnswerSchema = z.object({ LoginMode: z.literal('trial'), TrialExpiresAt: z.number() });
export type TrialLoginAnswer = z.infer<typeof trialLoginAnswerSchema>;

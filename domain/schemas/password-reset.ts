import { z } from 'zod';
import { ACCOUNT_MAX_LENGTH, CODE_TYPES, LOGIN_PASSWORD_MAX_LENGTH } from '../constants';
import {
  captchaAnswerProblem,
  resetAccountProblem,
  resetAnyAccountProblem,
  verificationCodeProblem,
} from '../rules/password-reset';
import { pwdRequiredRulesSchema } from './password';

/** Longest captcha id or reset token the server hands out (base64url of 16 and 32 bytes), with room. */
const HANDLE_MAX_LENGTH = 64;

/** GET /api/captcha: a new image captcha and the id to send back with its answer. */
export const captchaSchema = z.object({
  CaptchaId: z.string(),
  /** The image as a data URL (image/svg+xml), 120×32. */
  Image: z.string(),
  /** Epoch ms after which the captcha is refused. */
  ExpiresAt: z.number(),
});
export type Captcha = z.infer<typeof captchaSchema>;

export const codeTypeSchema = z.union([z.literal(CODE_TYPES.phone), z.literal(CODE_TYPES.email)]);

/** GET /api/Account/ModifyPassword/Options: the recovery ways this deployment offers, in order. */
export const resetOptionsSchema = z.object({ CodeTypes: z.array(codeTypeSchema) });
export type ResetOptions = z.infer<typeof resetOptionsSchema>;

/** POST /api/Account/ModifyPassword/SendCode: where to send a reset code, with the captcha's answer. */
export const sendResetCodeRequestSchema = z
  .object({
    account: z.string().trim().max(ACCOUNT_MAX_LENGTH, 'errors.login.accountTooLong'),
    codeType: codeTypeSchema,
    captchaId: z.string().min(1, 'errors.captcha.expired').max(HANDLE_MAX_LENGTH, 'errors.captcha.expired'),
    /** The captcha's answer (SPEC §3 validCode). */
    validCode: z.string().max(HANDLE_MAX_LENGTH, 'errors.captcha.format'),
  })
  .superRefine((body, ctx) => {
    const accountProblem = resetAccountProblem(body.account, body.codeType);
    if (accountProblem) ctx.addIssue({ code: 'custom', path: ['account'], message: accountProblem });
    const captchaProblem = captchaAnswerProblem(body.validCode);
    if (captchaProblem) ctx.addIssue({ code: 'custom', path: ['validCode'], message: captchaProblem });
  });
export type SendResetCodeRequest = z.input<typeof sendResetCodeRequestSchema>;

/** POST /api/Account/Code/Verify (SPEC §7 names). */
export const verifyResetCodeRequestSchema = z
  .object({
    Account: z.string().trim().max(ACCOUNT_MAX_LENGTH, 'errors.login.accountTooLong'),
    VerificationCode: z.string().max(HANDLE_MAX_LENGTH, 'errors.verification.codeFormat'),
  })
  .superRefine((body, ctx) => {
    if (
      resetAccountProblem(body.Account, CODE_TYPES.phone) &&
      resetAccountProblem(body.Account, CODE_TYPES.email)
    ) {
      ctx.addIssue({ code: 'custom', path: ['Account'], message: 'errors.validation.invalidAccount' });
    }
    const codeProblem = verificationCodeProblem(body.VerificationCode);
    if (codeProblem) ctx.addIssue({ code: 'custom', path: ['VerificationCode'], message: codeProblem });
  });
export type VerifyResetCodeRequest = z.input<typeof verifyResetCodeRequestSchema>;

/**
 * POST /api/Account/ModifyPassword/VerifyOldPassword: the wizard's other way in (SPEC §3), the account (a
 * mobile number or email) with its current password, and the image captcha's answer.
 */
export const verifyResetOldPasswordRequestSchema = z
  .object({
    Account: z.string().trim().max(ACCOUNT_MAX_LENGTH, 'errors.login.accountTooLong'),
    OldPassword: z
      .string()
      .min(1, 'errors.password.oldRequired')
      .max(LOGIN_PASSWORD_MAX_LENGTH, 'errors.password.tooLong'),
    captchaId: z.string().min(1, 'errors.captcha.expired').max(HANDLE_MAX_LENGTH, 'errors.captcha.expired'),
    validCode: z.string().max(HANDLE_MAX_LENGTH, 'errors.captcha.format'),
  })
  .superRefine((body, ctx) => {
    const accountProblem = resetAnyAccountProblem(body.Account);
    if (accountProblem) ctx.addIssue({ code: 'custom', path: ['Account'], message: accountProblem });
    const captchaProblem = captchaAnswerProblem(body.validCode);
    if (captchaProblem) ctx.addIssue({ code: 'custom', path: ['validCode'], message: captchaProblem });
  });
export type VerifyResetOldPasswordRequest = z.input<typeof verifyResetOldPasswordRequestSchema>;

/**
 * The answer to a verified code (or old password): a single-use token that allows setting a new password, and the password
 * policy of the account's organisation for the next step's live hints.
 */
export const resetGrantSchema = z.object({
  ResetToken: z.string(),
  ExpiresAt: z.number(),
  PwdRules: pwdRequiredRulesSchema,
});
export type ResetGrant = z.infer<typeof resetGrantSchema>;

/** PUT /api/account/password/reset. */
export const resetPasswordRequestSchema = z.object({
  token: z.string().min(1, 'errors.reset.tokenInvalid').max(HANDLE_MAX_LENGTH, 'errors.reset.tokenInvalid'),
  newPassword: z
    .string()
    .min(1, 'errors.password.newRequired')
    .max(LOGIN_PASSWORD_MAX_LENGTH, 'errors.password.tooLong'),
  confirmPassword: z
    .string()
    .min(1, 'errors.password.confirmRequired')
    .max(LOGIN_PASSWORD_MAX_LENGTH, 'errors.password.tooLong'),
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

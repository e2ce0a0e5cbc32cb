import type {
  Captcha,
  ResetGrant,
  ResetOptions,
  ResetPasswordRequest,
  SendResetCodeRequest,
  VerifyResetCodeRequest,
  VerifyResetOldPasswordRequest,
} from '../../domain/schemas/password-reset';
import { apiClient } from './api-client';

/** The response schemas, loaded with the first call. */
const schemas = () => import('../../domain/schemas/password-reset');

/** GET /api/captcha: a new image captcha. */
export async function getCaptcha(): Promise<Captcha> {
  const [data, { captchaSchema }] = await Promise.all([apiClient().get('/captcha'), schemas()]);
  return captchaSchema.parse(data);
}

/** GET /api/Account/ModifyPassword/Options: the recovery ways this deployment offers. */
export async function getResetOptions(): Promise<ResetOptions> {
  const [data, { resetOptionsSchema }] = await Promise.all([
    apiClient().get('/Account/ModifyPassword/Options', { silent: true }),
    schemas(),
  ]);
  return resetOptionsSchema.parse(data);
}

/** POST /api/Account/ModifyPassword/SendCode: sends a reset code (if the account exists). */
export async function sendResetCode(request: SendResetCodeRequest): Promise<void> {
  await apiClient().post('/Account/ModifyPassword/SendCode', request);
}

/** POST /api/Account/Code/Verify: the reset token of a right code. */
export async function verifyResetCode(request: VerifyResetCodeRequest): Promise<ResetGrant> {
  const [data, { resetGrantSchema }] = await Promise.all([
    apiClient().post('/Account/Code/Verify', request),
    schemas(),
  ]);
  return resetGrantSchema.parse(data);
}

/**
 * POST /api/Account/ModifyPassword/VerifyOldPassword: the reset token of a right old password. A wrong one
 * is an expected 401 (as at sign-in): shown, not taken for a lost session.
 */
export async function verifyResetOldPassword(request: VerifyResetOldPasswordRequest): Promise<ResetGrant> {
  const [data, { resetGrantSchema }] = await Promise.all([
    apiClient().post('/Account/ModifyPassword/VerifyOldPassword', request, { authProbe: true }),
    schemas(),
  ]);
  return resetGrantSchema.parse(data);
}

/** PUT /api/account/password/reset: sets the new password with the reset token. */
export async function resetPassword(request: ResetPasswordRequest): Promise<void> {
  await apiClient().put('/account/password/reset', request);
}

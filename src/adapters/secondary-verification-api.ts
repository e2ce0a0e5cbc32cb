import type { SessionInfo } from '../../domain/schemas/account';
import type {
  SecondaryVerificationSetting,
  SecondaryVerificationSettingResponse,
  SecondaryVerifyRequest,
  SendSecondaryCodeRequest,
} from '../../domain/schemas/secondary-verification';
import { pickedLanguage } from '../i18n/i18n';
import { apiClient } from './api-client';

/** The response schemas, loaded with the first call. */
const schemas = () => import('../../domain/schemas/secondary-verification');

/** POST /api/Account/Login/SecondaryVerify/SendCode: the sign-in's code, by phone or email. */
export async function sendSecondaryCode(request: SendSecondaryCodeRequest): Promise<void> {
  await apiClient().post('/Account/Login/SecondaryVerify/SendCode', request);
}

/** POST /api/Account/Login/Secondary: the code that finishes the sign-in; answers the session. */
export async function verifySecondary(request: SecondaryVerifyRequest): Promise<SessionInfo> {
  const [data, { loginAnswerSchema }] = await Promise.all([
    apiClient().post(
      '/Account/Login/Secondary',
      { ...request, Lang: request.Lang ?? pickedLanguage() },
      { authProbe: true },
    ),
    schemas(),
  ]);
  const answer = loginAnswerSchema.parse(data);
  if ('SecondaryVerify' in answer) throw new Error('the server asked for another verification');
  return answer;
}

/** GET /api/organizationConfig/secondaryVerification: the organisation's mode (administrators). */
export async function getSecondaryVerificationSetting(): Promise<SecondaryVerificationSettingResponse> {
  const [data, { secondaryVerificationSettingResponseSchema }] = await Promise.all([
    apiClient().get('/organizationConfig/secondaryVerification', { silent: true }),
    schemas(),
  ]);
  return secondaryVerificationSettingResponseSchema.parse(data);
}

/** PUT /api/organizationConfig/secondaryVerification: sets the mode; a refusal is toasted. */
export async function saveSecondaryVerificationSetting(
  setting: SecondaryVerificationSetting,
): Promise<SecondaryVerificationSettingResponse> {
  const [data, { secondaryVerificationSettingResponseSchema }] = await Promise.all([
    apiClient().put('/organizationConfig/secondaryVerification', setting),
    schemas(),
  ]);
  return secondaryVerificationSettingResponseSchema.parse(data);
}

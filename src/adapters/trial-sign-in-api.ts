import type { TrialLoginAnswer, TrialLoginRequest } from '../../domain/schemas/trial-sign-in';
import { pickedLanguage } from '../i18n/i18n';
import { apiClient } from './api-client';

const schemas = () => import('../../domain/schemas/trial-sign-in');

/** POST /api/TemporaryUser/Trial/SendCode: a sign-in code to an approved trial's mobile number. */
export async function sendTrialSignInCode(mobilePhone: string): Promise<void> {
  await apiClient().post('/TemporaryUser/Trial/SendCode', { mobilePhone }, { silent: true });
}

/**
 * POST /api/TemporaryUser/Trial/Login: a trial session restricted to the demo site (its cookie), and when
 * the trial ends. A refusal (a wrong code, the trial period over) is an expected answer the page shows.
 */
export async function trialLogin(request: TrialLoginRequest): Promise<TrialLoginAnswer> {
  const [data, { trialLoginAnswerSchema }] = await Promise.all([
    apiClient().post(
      '/TemporaryUser/Trial/Login',
      { ...request, lang: request.lang ?? pickedLanguage() },
      { silent: true, authProbe: true },
    ),
    schemas(),
  ]);
  return trialLoginAnswerSchema.parse(data);
}

import type { ApplyTrialRequest, SendTrialCodeRequest } from '../../domain/schemas/trial';
import { apiClient } from './api-client';

/** POST /api/verificationCode/applyTrialMobile: a code to the applicant's mobile number (checkType 4). */
export async function sendTrialCode(request: SendTrialCodeRequest): Promise<void> {
  await apiClient().post(
    '/verificationCode/applyTrialMobile',
    { ...request, checkType: 4 },
    { silent: true },
  );
}

/** POST /api/account/applyTrial: submits the trial application. */
export async function applyTrial(request: ApplyTrialRequest): Promise<void> {
  await apiClient().post('/account/applyTrial', request, { silent: true });
}

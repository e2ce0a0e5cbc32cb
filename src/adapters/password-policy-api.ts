import {
  type PasswordPolicySetting,
  passwordPolicySettingSchema,
} from '../../domain/schemas/password-policy';
import { apiClient } from './api-client';

// Only the password policy tab (its own lazy chunk) calls these. Silent: the form shows a refusal itself.

/** GET /api/organizationConfig/passwordPolicy: the organisation's policy (the defaults when never set). */
export async function getPasswordPolicy(): Promise<PasswordPolicySetting> {
  return passwordPolicySettingSchema.parse(
    await apiClient().get('/organizationConfig/passwordPolicy', { silent: true }),
  );
}

/** PUT /api/organizationConfig/passwordPolicy: saves the whole policy; answers what is now in force. */
export async function savePasswordPolicy(policy: PasswordPolicySetting): Promise<PasswordPolicySetting> {
  return passwordPolicySettingSchema.parse(
    await apiClient().put('/organizationConfig/passwordPolicy', policy, { silent: true }),
  );
}

import {
  type PasswordPolicySetting,
  type PasswordPolicyView,
  passwordPolicyViewSchema,
} from '../../domain/schemas/password-policy';
import { apiClient } from './api-client';

// Only the password policy tab (its own lazy chunk) calls these. Silent: the form shows a refusal itself.

/**
 * GET /api/organizationConfig/passwordPolicy: the organisation's policy (the defaults when never set), with
 * NIST's minimum length for its sign-in.
 */
export async function getPasswordPolicy(): Promise<PasswordPolicyView> {
  return passwordPolicyViewSchema.parse(
    await apiClient().get('/organizationConfig/passwordPolicy', { silent: true }),
  );
}

/** PUT /api/organizationConfig/passwordPolicy: saves the whole policy; answers what is now in force. */
export async function savePasswordPolicy(policy: PasswordPolicySetting): Promise<PasswordPolicyView> {
  return passwordPolicyViewSchema.parse(
    await apiClient().put('/organizationConfig/passwordPolicy', policy, { silent: true }),
  );
}

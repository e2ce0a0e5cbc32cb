import type { SessionInfo } from '../../domain/schemas/account';
import type { ModifyPasswordRequest, PwdRequiredRules } from '../../domain/schemas/password';
import { apiClient } from './api-client';

/** The response schemas, loaded with the first call. */
const schemas = () =>
  Promise.all([import('../../domain/schemas/password'), import('../../domain/schemas/account')]);

/** GET /api/OrganizationConfig/PwdRequiredRules: the signed-in user's organisation's password policy. */
export async function getPasswordRules(): Promise<PwdRequiredRules> {
  const [data, [{ pwdRequiredRulesSchema }]] = await Promise.all([
    apiClient().get('/OrganizationConfig/PwdRequiredRules', { silent: true }),
    schemas(),
  ]);
  return pwdRequiredRulesSchema.parse(data);
}

/**
 * PUT /api/Account/Password/Modify: changes the password with the old one; answers the session as it now
 * is. Silent: the page shows a field's error beside the field and any other above the form.
 */
export async function modifyPassword(request: ModifyPasswordRequest): Promise<SessionInfo> {
  const [data, [, { sessionInfoSchema }]] = await Promise.all([
    apiClient().put('/Account/Password/Modify', request, { silent: true }),
    schemas(),
  ]);
  return sessionInfoSchema.parse(data);
}

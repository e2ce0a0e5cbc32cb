import {
  type LdapSettingInput,
  type LdapSettingResponse,
  ldapSettingResponseSchema,
  type LdapTestRequest,
  type LdapTestResult,
  ldapTestResultSchema,
} from '../../domain/schemas/ldap';
import { apiClient } from './api-client';

// The schemas come in statically: only the settings page (its own lazy chunk, which validates its form
// with them anyway) calls these.

/** GET /api/organizationConfig/ldap: the administrator's organisation's AD/LDAP sign-in setting. */
export async function getLdapSetting(): Promise<LdapSettingResponse> {
  return ldapSettingResponseSchema.parse(await apiClient().get('/organizationConfig/ldap', { silent: true }));
}

/** PUT /api/organizationConfig/ldap: saves the setting; a refusal is toasted with the server's message. */
export async function saveLdapSetting(setting: LdapSettingInput): Promise<LdapSettingResponse> {
  return ldapSettingResponseSchema.parse(await apiClient().put('/organizationConfig/ldap', setting));
}

/**
 * POST /api/organizationConfig/ldap/test: binds with a directory user under the setting as typed and
 * answers the mapped identity. Silent: the page shows a refusal beside the test.
 */
export async function testLdapSetting(request: LdapTestRequest): Promise<LdapTestResult> {
  return ldapTestResultSchema.parse(
    await apiClient().post('/organizationConfig/ldap/test', request, { silent: true }),
  );
}

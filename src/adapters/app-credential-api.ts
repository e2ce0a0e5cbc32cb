import {
  type AppCredential,
  type AppCredentialInit,
  appCredentialInitSchema,
  type AppCredentialIssued,
  appCredentialIssuedSchema,
  appCredentialSchema,
} from '../../domain/schemas/app-credential';
import {
  type AccessToken,
  accessTokenSchema,
  type OpenAppIdentity,
  openAppIdentitySchema,
} from '../../domain/schemas/open-api';
import { apiClient } from './api-client';

const BASE = '/OrganizationOpenness';

/** GET /api/OrganizationOpenness/initialize/appCredential: the credential (secret masked) and token facts. */
export async function getAppCredential(): Promise<AppCredentialInit> {
  return appCredentialInitSchema.parse(
    await apiClient().get(`${BASE}/initialize/appCredential`, { silent: true }),
  );
}

/** POST /api/OrganizationOpenness/Add: creates the credential; the secret is in this answer only. */
export async function addAppCredential(name: string): Promise<AppCredentialIssued> {
  return appCredentialIssuedSchema.parse(await apiClient().post(`${BASE}/Add`, { name }));
}

/** POST /api/OrganizationOpenness/Modify/{id}: renames the credential. */
export async function renameAppCredential(id: number, name: string): Promise<AppCredential> {
  return appCredentialSchema.parse(await apiClient().post(`${BASE}/Modify/${id}`, { name }));
}

/** POST /api/OrganizationOpenness/Apply/{id}: a new secret; the old one and its tokens end at once. */
export async function regenerateAppSecret(id: number): Promise<AppCredentialIssued> {
  return appCredentialIssuedSchema.parse(await apiClient().post(`${BASE}/Apply/${id}`));
}

/**
 * POST /api/Sdk/ucapi/token, as an organisation's system calls it: a refusal (a wrong secret is 401) is
 * the test step's answer, not the administrator's sign-out, and the screen shows it.
 */
export async function fetchAccessToken(appKey: string, appSecret: string): Promise<AccessToken> {
  return accessTokenSchema.parse(
    await apiClient().post('/Sdk/ucapi/token', { appKey, appSecret }, { silent: true, authProbe: true }),
  );
}

/** GET /api/Sdk/ucapi/app with the access token: whom it speaks for. */
export async function whoseToken(accessToken: string): Promise<OpenAppIdentity> {
  return openAppIdentitySchema.parse(
    await apiClient().get('/Sdk/ucapi/app', {
      silent: true,
      authProbe: true,
      headers: { Authorization: `Bearer ${accessToken}` },
    }),
  );
}

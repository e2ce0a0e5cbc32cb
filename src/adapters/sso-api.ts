import { z } from 'zod';
import {
  type SsoConfigResponse,
  ssoConfigResponseSchema,
  ssoDiscoverResponseSchema,
  type SsoSettingInput,
  ssoSwitchResponseSchema,
} from '../../domain/schemas/sso';
import { apiClient } from './api-client';

/** GET /api/sso/config: the organisation's SSO configuration (never its secret) and its state. */
export async function getSsoConfig(): Promise<SsoConfigResponse> {
  return ssoConfigResponseSchema.parse(await apiClient().get('/sso/config', { silent: true }));
}

/** POST /api/sso/config (Apply): saves, which turns SSO off; a refusal is toasted with the server's message. */
export async function applySsoConfig(setting: SsoSettingInput): Promise<SsoConfigResponse> {
  return ssoConfigResponseSchema.parse(await apiClient().post('/sso/config', setting));
}

/** POST /api/sso/discover: an OIDC issuer's addresses. */
export async function discoverSsoIssuer(issuer: string) {
  return ssoDiscoverResponseSchema.parse(await apiClient().post('/sso/discover', { issuer }));
}

/** POST /api/sso/enable or /disable. */
export async function switchSso(enabled: boolean) {
  return ssoSwitchResponseSchema.parse(await apiClient().post(enabled ? '/sso/enable' : '/sso/disable', {}));
}

/** POST /api/sso/logout: ends the session; answers where to sign out at the identity provider. */
export async function ssoLogout(): Promise<string | null> {
  const answer = z
    .object({ logoutUrl: z.string().nullable() })
    .parse(await apiClient().post('/sso/logout', {}, { silent: true }));
  return answer.logoutUrl;
}

/** Where the browser starts an SSO sign-in (the server sends it on to the identity provider). */
export function ssoStartUrl(orgId: string | null): string {
  return orgId && /^\d{1,15}$/.test(orgId) ? `/api/sso/start?orgId=${orgId}` : '/api/sso/start';
}

/** The address the debug popup opens: the saved configuration's real flow. */
export const SSO_DEBUG_URL = '/api/sso/debug';

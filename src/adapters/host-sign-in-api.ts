import type { SessionInfo } from '../../domain/schemas/account';
import type { HostAuthorizeUrlRequest, HostSignInRequest } from '../../domain/schemas/host-sign-in';
import { pickedLanguage } from '../i18n/i18n';
import { apiClient } from './api-client';

/** The response schemas, loaded with the first call so zod stays off the login page's first paint. */
const schemas = () =>
  Promise.all([import('../../domain/schemas/account'), import('../../domain/schemas/host-sign-in')]);

/**
 * POST /api/account/isAuthorizeLogin: signs in with the host's code, as a password sign-in does (cookies,
 * login log). Failures are the caller's to show (a host identity without an account is a page, not a toast).
 */
export async function hostSignIn(request: HostSignInRequest): Promise<SessionInfo> {
  const [data, [{ sessionInfoSchema }]] = await Promise.all([
    apiClient().post(
      '/account/isAuthorizeLogin',
      { ...request, lang: request.lang ?? pickedLanguage() },
      { authProbe: true, silent: true },
    ),
    schemas(),
  ]);
  return sessionInfoSchema.parse(data);
}

/**
 * POST /api/account/bindHost: links the host identity of a bind ticket to the signed-in account. A
 * refusal is toasted like any failed call.
 */
export async function bindHost(bindTicket: string): Promise<void> {
  await apiClient().post('/account/bindHost', { bindTicket });
}

/**
 * POST /api/host/authorizeUrl: the WeChat / WeCom OAuth authorize URL, with a state the server issued,
 * that sends the browser back to `redirectUri`. Failures are the caller's to show.
 */
export async function getAuthorizeUrl(request: HostAuthorizeUrlRequest): Promise<string> {
  const [data, [, { hostAuthorizeUrlSchema }]] = await Promise.all([
    apiClient().post('/host/authorizeUrl', request, { silent: true }),
    schemas(),
  ]);
  return hostAuthorizeUrlSchema.parse(data).url;
}

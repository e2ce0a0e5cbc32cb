import type { Language, UiVersion } from '../../domain/constants';
import type { BasicInfo, LoginRequest, SessionInfo } from '../../domain/schemas/account';
import type { LoginAnswer } from '../../domain/schemas/secondary-verification';
import { pickedLanguage } from '../i18n/i18n';
import { apiClient } from './api-client';

/** The response schemas, loaded with the first call so zod stays off the login page's first paint. */
const schemas = () => import('../../domain/schemas/account');

/**
 * POST /api/account/loginV2: the session, or (the organisation's security verification) the challenge
 * of a code still to enter. A wrong password is an expected 401, so it does not redirect.
 */
export async function login(request: LoginRequest): Promise<LoginAnswer> {
  const [data, { loginAnswerSchema }] = await Promise.all([
    apiClient().post(
      '/account/loginV2',
      { ...request, lang: request.lang ?? pickedLanguage() },
      { authProbe: true },
    ),
    import('../../domain/schemas/secondary-verification'),
  ]);
  return loginAnswerSchema.parse(data);
}

/** GET /api/account/current: the session behind the cookie; 401 when there is none. */
export async function currentSession(): Promise<SessionInfo> {
  const [data, { sessionInfoSchema }] = await Promise.all([
    apiClient().get('/account/current', { authProbe: true, silent: true }),
    schemas(),
  ]);
  return sessionInfoSchema.parse(data);
}

/** POST /api/account/logout. */
export async function logout(): Promise<void> {
  await apiClient().post('/account/logout', {}, { authProbe: true, silent: true });
}

/** GET /api/account/basic/{id}: the basic-info page. */
export async function getBasicInfo(id: number): Promise<BasicInfo> {
  const [data, { basicInfoSchema }] = await Promise.all([apiClient().get(`/account/basic/${id}`), schemas()]);
  return basicInfoSchema.parse(data);
}

/** POST /api/account/setCurLang/{lang}: persists the language for the account. */
export async function setCurrentLanguage(language: Language): Promise<void> {
  await apiClient().post(`/account/setCurLang/${language}`, {}, { silent: true });
}

/** GET /api/Account/SetUIVersion/{version}?isRefresh=false (signed like every call). */
export async function setUiVersion(version: UiVersion): Promise<void> {
  await apiClient().get(`/Account/SetUIVersion/${version}`, { query: { isRefresh: 'false' } });
}

import type {
  LoginLogExportRequest,
  LoginLogPage,
  LoginLogPageRequest,
  OrgLoginLogPage,
  OrgLoginLogPageRequest,
  SecurityNotice,
} from '../../domain/schemas/login-logs';
import { apiClient, type DownloadedFile } from './api-client';

/** The response schemas, loaded with the first call. */
const schemas = () => import('../../domain/schemas/login-logs');

/** POST /api/loginLog/page: one page of the login log. */
export async function getLoginLogPage(request: LoginLogPageRequest): Promise<LoginLogPage> {
  const [data, { loginLogPageSchema }] = await Promise.all([
    apiClient().post('/loginLog/page', request),
    schemas(),
  ]);
  return loginLogPageSchema.parse(data);
}

/** POST /api/loginLog/organizationPage: a page of the organisation's log by keyset (administrators). */
export async function getOrgLoginLogPage(request: OrgLoginLogPageRequest): Promise<OrgLoginLogPage> {
  const [data, { orgLoginLogPageSchema }] = await Promise.all([
    apiClient().post('/loginLog/organizationPage', request),
    schemas(),
  ]);
  return orgLoginLogPageSchema.parse(data);
}

/** POST /api/loginLog/exportLoginLog: the organisation's login log as an .xlsx file (administrators). */
export async function exportLoginLog(request: LoginLogExportRequest): Promise<DownloadedFile> {
  return apiClient().download('/loginLog/exportLoginLog', request);
}

/**
 * GET /api/account/securityNotice: the facts of the account-security notice. Silent: the notice is a
 * courtesy, and a failure to load it must not put an error in front of the page the user came for.
 */
export async function getSecurityNotice(): Promise<SecurityNotice> {
  const [data, { securityNoticeSchema }] = await Promise.all([
    apiClient().get('/account/securityNotice', { silent: true }),
    schemas(),
  ]);
  return securityNoticeSchema.parse(data);
}

import type {
  MemberImportKind,
  MemberImportReport,
  PendingImportPasswordFile,
} from '../../domain/schemas/member-import';
import { apiClient, type DownloadedFile } from './api-client';

/** A large file takes the server a while to check and write: wait up to 5 minutes. */
const IMPORT_TIMEOUT_MS = 300_000;

/** Where each import lives: members at /api/account/import, SSO accounts at /api/ssoAccount/import. */
const BASE: Record<MemberImportKind, string> = { members: '/account/import', sso: '/ssoAccount/import' };

/** POST /api/{account|ssoAccount}/import/template: the xlsx template, its header in the caller's language. */
export async function downloadImportTemplate(kind: MemberImportKind = 'members'): Promise<DownloadedFile> {
  return apiClient().download(`${BASE[kind]}/template`, {});
}

/**
 * POST /api/account/import/passwords/{id}: the one download of the initial passwords an import did not send
 * (an xlsx). Silent: the dialog shows a refusal (already taken, expired) itself.
 */
export async function downloadImportPasswords(id: string): Promise<DownloadedFile> {
  return apiClient().download(`/account/import/passwords/${encodeURIComponent(id)}`, {}, { silent: true });
}

/**
 * GET /api/account/import/passwords: the caller's own initial-password download still waiting (null: none),
 * offered again when the import dialog opens. Silent: nothing to offer is no error to show.
 */
export async function pendingImportPasswords(): Promise<PendingImportPasswordFile['PasswordFile']> {
  const [data, { pendingImportPasswordFileSchema }] = await Promise.all([
    apiClient().get('/account/import/passwords', { silent: true }),
    import('../../domain/schemas/member-import'),
  ]);
  return pendingImportPasswordFileSchema.parse(data).PasswordFile;
}

/**
 * POST /api/{account|ssoAccount}/import: uploads a filled template as the body. `onProgress` is told the share of the
 * file sent (0 to 1); the answer says how many members were imported or lists the problems. Silent: the
 * dialog shows a refusal itself.
 */
export async function uploadMemberImport(
  file: Blob,
  onProgress: (fraction: number) => void,
  kind: MemberImportKind = 'members',
): Promise<MemberImportReport> {
  const [data, { memberImportReportSchema }] = await Promise.all([
    apiClient().post(BASE[kind], file, {
      silent: true,
      onUploadProgress: onProgress,
      timeoutMs: IMPORT_TIMEOUT_MS,
    }),
    import('../../domain/schemas/member-import'),
  ]);
  return memberImportReportSchema.parse(data);
}

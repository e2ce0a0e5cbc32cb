import type { MemberImportReport } from '../../domain/schemas/member-import';
import { apiClient, type DownloadedFile } from './api-client';

/** A large file takes the server a while to check and write: wait up to 5 minutes. */
const IMPORT_TIMEOUT_MS = 300_000;

/** POST /api/account/import/template: the xlsx import template, its header row in the caller's language. */
export async function downloadImportTemplate(): Promise<DownloadedFile> {
  return apiClient().download('/account/import/template', {});
}

/**
 * POST /api/account/import: uploads a filled template as the body. `onProgress` is told the share of the
 * file sent (0 to 1); the answer says how many members were imported or lists the problems. Silent: the
 * dialog shows a refusal itself.
 */
export async function uploadMemberImport(
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<MemberImportReport> {
  const [data, { memberImportReportSchema }] = await Promise.all([
    apiClient().post('/account/import', file, {
      silent: true,
      onUploadProgress: onProgress,
      timeoutMs: IMPORT_TIMEOUT_MS,
    }),
    import('../../domain/schemas/member-import'),
  ]);
  return memberImportReportSchema.parse(data);
}

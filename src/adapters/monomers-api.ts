import {
  type MonomerImportReport,
  monomerImportReportSchema,
  type Monomer,
  type MonomerList,
  type MonomerListRequest,
  monomerListSchema,
  type MonomerSave,
  monomerSchema,
} from '../../domain/schemas/monomers';
import { apiClient, type DownloadedFile } from './api-client';

// Only the monomer library screen (its own lazy chunk) calls these.

/** POST /api/Helm/GetHelmList: a page of the library. */
export async function listMonomers(query: MonomerListRequest): Promise<MonomerList> {
  return monomerListSchema.parse(await apiClient().post('/Helm/GetHelmList', query));
}

/**
 * POST /api/Helm/SetHelmInfo: adds or edits a monomer. Silent: the dialog shows a refusal (a duplicate, a
 * structure the server's chemistry refuses) beside the form.
 */
export async function saveMonomer(monomer: MonomerSave): Promise<Monomer> {
  return monomerSchema.parse(await apiClient().post('/Helm/SetHelmInfo', monomer, { silent: true }));
}

/** POST /api/Helm/DelHelmInfo: a monomer in use or a system one is refused (toasted). */
export async function deleteMonomer(symbolId: number): Promise<void> {
  await apiClient().post('/Helm/DelHelmInfo', { symbolId });
}

/** POST /api/Helm/export: the library as HELM monomer-library JSON. */
export async function exportMonomerLibrary(): Promise<DownloadedFile> {
  return apiClient().download('/Helm/export');
}

/** POST /api/Helm/import: a HELM monomer-library JSON file's entries, all or nothing. */
export async function importMonomerLibrary(entries: unknown): Promise<MonomerImportReport> {
  return monomerImportReportSchema.parse(
    await apiClient().post('/Helm/import', entries, { timeoutMs: 120_000 }),
  );
}

import type { Language } from '../../domain/constants';
import type { DocumentContent, DocumentName } from '../../domain/schemas/documents';
import { apiClient } from './api-client';

/** GET /api/content/{page}/{lang}: a public document's Markdown. Silent: the page shows the failure. */
export async function getDocument(page: DocumentName, language: Language): Promise<DocumentContent> {
  const [data, { documentSchema }] = await Promise.all([
    apiClient().get(`/content/${page}/${language}`, { silent: true }),
    import('../../domain/schemas/documents'),
  ]);
  return documentSchema.parse(data);
}

import type { Language } from '../../domain/constants';
import type { AppPageContent, AppPageName, HelpDocContent } from '../../domain/schemas/portal-content';
import { apiClient } from './api-client';

const schemas = () => import('../../domain/schemas/portal-content');

/** GET /api/appContent/{page}/{lang}: an app download page or product introduction. Silent: the page shows it. */
export async function getAppPage(page: AppPageName, language: Language): Promise<AppPageContent> {
  const [data, { appPageSchema }] = await Promise.all([
    apiClient().get(`/appContent/${page}/${language}`, { silent: true }),
    schemas(),
  ]);
  return appPageSchema.parse(data);
}

/** GET /api/helpDoc/{platform}/{a}/{b}/{lang}: a product's help document. Silent: the page shows a failure. */
export async function getHelpDoc(
  platform: string,
  a: string,
  b: string,
  language: Language,
): Promise<HelpDocContent> {
  const [data, { helpDocSchema }] = await Promise.all([
    apiClient().get(`/helpDoc/${platform}/${a}/${b}/${language}`, { silent: true }),
    schemas(),
  ]);
  return helpDocSchema.parse(data);
}

import type { AppSetting, AppSettingSave } from '../../domain/schemas/work-table';
import type { z } from 'zod';
import type { webUrlSchema } from '../../domain/schemas/products';
import { apiClient } from './api-client';

/** Where one product lives (GET Platform/WebUrls). */
export type WebUrl = z.infer<typeof webUrlSchema>;

const schemas = () => import('../../domain/schemas/work-table');

/** GET /api/workTable/settings: the member's own pins and hidden products. */
export async function getAppSettings(): Promise<AppSetting[]> {
  const [data, { appSettingsSchema }] = await Promise.all([
    apiClient().get('/workTable/settings', { silent: true }),
    schemas(),
  ]);
  return appSettingsSchema.parse(data);
}

/** PUT /api/workTable/settings/{code}: the product's setting as a whole (pinned, hidden). */
export async function saveAppSetting(code: string, setting: AppSettingSave): Promise<void> {
  await apiClient().put(`/workTable/settings/${encodeURIComponent(code)}`, setting);
}

/** GET /api/Platform/WebUrls?isAll=true: where every product lives, licensed or not (the detail dialog). */
export async function getAllWebUrls(): Promise<WebUrl[]> {
  const [data, { webUrlsSchema }] = await Promise.all([
    apiClient().get('/Platform/WebUrls', { query: { isAll: 'true' }, silent: true }),
    import('../../domain/schemas/products'),
  ]);
  return webUrlsSchema.parse(data);
}

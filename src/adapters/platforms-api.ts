import type { AuthorizedPlatform } from '../../domain/schemas/platforms';
import { apiClient } from './api-client';

const schemas = () => import('../../domain/schemas/platforms');

/** GET /api/Account/AuthorizeInfo: the products of the user's organisation, localised by the server. */
export async function getAuthorizeInfo(showUnAuthorized = true): Promise<AuthorizedPlatform[]> {
  const [data, { authorizeInfoSchema }] = await Promise.all([
    apiClient().get('/Account/AuthorizeInfo', { query: { showUnAuthorized: String(showUnAuthorized) } }),
    schemas(),
  ]);
  return authorizeInfoSchema.parse(data);
}

import type { AuthorizedProduct } from '../../domain/schemas/products';
import { apiClient } from './api-client';

const schemas = () => import('../../domain/schemas/products');

/** GET /api/Account/AuthorizeInfo: the products of the user's organisation, localised by the server. */
export async function getAuthorizeInfo(showUnAuthorized = true): Promise<AuthorizedProduct[]> {
  const [data, { authorizeInfoSchema }] = await Promise.all([
    apiClient().get('/Account/AuthorizeInfo', { query: { showUnAuthorized: String(showUnAuthorized) } }),
    schemas(),
  ]);
  return authorizeInfoSchema.parse(data);
}

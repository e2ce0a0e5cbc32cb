import type { MenuTreeItem } from '../../domain/schemas/menus';
import { apiClient } from './api-client';

/** GET /api/Menu/user/tree: the layout menus with HasAuth for the signed-in user. */
export async function getUserMenuTree(): Promise<MenuTreeItem[]> {
  const [data, { menuTreeSchema }] = await Promise.all([
    apiClient().get('/Menu/user/tree', { silent: true }),
    import('../../domain/schemas/menus'),
  ]);
  return menuTreeSchema.parse(data);
}

import type { AuthorizeRequest, DisplayProduct, Seat } from '../../domain/schemas/authorisation';
import type {
  MenuAccessTree,
  MenuSave,
  MenuTreeQuery,
  MenuUsers,
  MenuUsersQuery,
} from '../../domain/schemas/menus';
import { apiClient } from './api-client';

// Changes are silent: the Authorisation screen shows each refusal (seats, its own access) in words itself.

const schemas = () => import('../../domain/schemas/authorisation');
const menuSchemas = () => import('../../domain/schemas/menus');

/** GET /api/account/authorize: the organisation's licensed products with their seats. */
export async function getSeats(): Promise<Seat[]> {
  const [data, { seatsSchema }] = await Promise.all([apiClient().get('/account/authorize'), schemas()]);
  return seatsSchema.parse(data);
}

/** POST /api/account/authorize: sets, adds or removes the picked members' products, all or none. */
export async function authorizeMembers(body: AuthorizeRequest): Promise<void> {
  await apiClient().post('/account/authorize', body, { silent: true });
}

/** GET /api/account/authorize/display: every product and whether members' card homes show it. */
export async function getDisplaySettings(): Promise<DisplayProduct[]> {
  const [data, { displaySettingsSchema }] = await Promise.all([
    apiClient().get('/account/authorize/display'),
    schemas(),
  ]);
  return displaySettingsSchema.parse(data);
}

/** PUT /api/account/authorize/display: the products members' card homes show. */
export async function saveDisplaySettings(shown: string[]): Promise<void> {
  await apiClient().put('/account/authorize/display', { Shown: shown }, { silent: true });
}

/** GET /api/Menu/tree: a role type's (or one member's) menus with HasAuth. */
export async function getMenuAccessTree(query: MenuTreeQuery): Promise<MenuAccessTree> {
  const params: Record<string, string> = { roleType: query.roleType };
  if (query.accountId !== undefined) params.accountId = String(query.accountId);
  const [data, { menuAccessTreeSchema }] = await Promise.all([
    apiClient().get('/Menu/tree', { query: params }),
    menuSchemas(),
  ]);
  return menuAccessTreeSchema.parse(data);
}

/** GET /api/Menu/users: a page of a role type's members and whether each may open a menu. */
export async function getMenuUsers(query: MenuUsersQuery): Promise<MenuUsers> {
  const [data, { menuUsersSchema }] = await Promise.all([
    apiClient().get('/Menu/users', {
      query: Object.fromEntries(
        Object.entries(query)
          .filter(([, value]) => value !== undefined && value !== '')
          .map(([key, value]) => [key, String(value)]),
      ),
    }),
    menuSchemas(),
  ]);
  return menuUsersSchema.parse(data);
}

/** POST /api/Menu/user/save: the menus of a role type, or of some of its members. */
export async function saveMenuAccess(body: MenuSave): Promise<void> {
  await apiClient().post('/Menu/user/save', body, { silent: true });
}

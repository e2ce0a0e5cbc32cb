/** Who may open a page: everyone signed in, or only organisation administrators. */
export type MenuAudience = 'member' | 'admin';

export interface MenuDefinition {
  code: string;
  audience: MenuAudience;
  children?: MenuDefinition[];
}

/**
 * The layout's menus of SPEC §2, by menu code. Names come from the `menus.<code>` i18n keys;
 * the client maps codes to routes and shows only pages it has.
 */
export const MENU_CATALOGUE: MenuDefinition[] = [
  {
    code: 'personalCenter',
    audience: 'member',
    children: [
      { code: 'info', audience: 'member' },
      { code: 'person', audience: 'member' },
      { code: 'password', audience: 'member' },
      { code: 'loginLog', audience: 'member' },
      { code: 'signature', audience: 'member' },
    ],
  },
  {
    code: 'organization',
    audience: 'admin',
    children: [
      { code: 'orgInfo', audience: 'admin' },
      { code: 'orgDpt', audience: 'admin' },
      { code: 'member', audience: 'admin' },
      { code: 'history', audience: 'admin' },
      { code: 'operationLog', audience: 'admin' },
      { code: 'systemSetting', audience: 'admin' },
      { code: 'statistics', audience: 'admin' },
      { code: 'authorize', audience: 'admin' },
    ],
  },
  {
    code: 'components',
    audience: 'admin',
    children: [
      { code: 'tagsDesign', audience: 'admin' },
      { code: 'esignSetting', audience: 'admin' },
      { code: 'monomerLib', audience: 'admin' },
    ],
  },
  {
    code: 'openness',
    audience: 'admin',
    children: [
      { code: 'appCredential', audience: 'admin' },
      { code: 'messagePush', audience: 'admin' },
      { code: 'developDoc', audience: 'admin' },
      { code: 'interfaceMonitor', audience: 'admin' },
      { code: 'ssoAuth', audience: 'admin' },
    ],
  },
];

export interface AuthorisedMenu {
  code: string;
  hasAuth: boolean;
  children: AuthorisedMenu[];
}

/** Marks each menu authorised or not for a user; a group is authorised when any child is. */
export function authoriseMenus(catalogue: MenuDefinition[], isOrgAdmin: boolean): AuthorisedMenu[] {
  return catalogue.map((menu) => {
    const children = authoriseMenus(menu.children ?? [], isOrgAdmin);
    const own = menu.audience === 'member' || isOrgAdmin;
    const hasAuth = children.length > 0 ? own && children.some((child) => child.hasAuth) : own;
    return { code: menu.code, hasAuth, children };
  });
}

/** Every authorised code of a tree, groups included: what the route guard checks pages against. */
export function authorisedCodes(
  tree: Array<{ Code: string; HasAuth: boolean; Children: unknown[] }>,
): Set<string> {
  const codes = new Set<string>();
  const walk = (items: Array<{ Code: string; HasAuth: boolean; Children: unknown[] }>) => {
    for (const item of items) {
      if (item.HasAuth) codes.add(item.Code);
      walk(item.Children as typeof items);
    }
  };
  walk(tree);
  return codes;
}

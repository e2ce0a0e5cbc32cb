/** Who may open a page: everyone signed in, or only organisation administrators. */
export type MenuAudience = 'member' | 'admin';

export interface MenuDefinition {
  code: string;
  audience: MenuAudience;
  children?: MenuDefinition[];
  /** Product codes of which the organisation must license one for the page to show (absent: any). */
  products?: readonly string[];
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
      // Every member's sign-ins (the personal centre's loginLog shows one's own).
      { code: 'orgLoginLog', audience: 'admin' },
      { code: 'systemSetting', audience: 'admin' },
      { code: 'statistics', audience: 'admin' },
      { code: 'authorize', audience: 'admin' },
    ],
  },
  {
    code: 'components',
    audience: 'admin',
    children: [
      // SPEC §1: label printing is for the sample inspection and instrument management products only.
      { code: 'tagsDesign', audience: 'admin', products: ['LIMS', 'IM'] },
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

/** The two role types menu access is set for (SPEC §6): administrators and ordinary members. */
export type MenuRole = MenuAudience;
export const MENU_ROLES: readonly MenuRole[] = ['admin', 'member'];

/**
 * What an organisation's administrators set (Menu-page access): the codes hidden from the user's role
 * type, and the user's own settings over them (true: granted, false: hidden). A member's own grant never
 * opens an administrator's page: the audience comes first.
 */
export interface MenuAccess {
  hidden: ReadonlySet<string>;
  overrides: ReadonlyMap<string, boolean>;
}

/** No menu hidden and no own settings: the catalogue's audiences alone. */
export const OPEN_MENU_ACCESS: MenuAccess = { hidden: new Set(), overrides: new Map() };

/**
 * Pages that can never be hidden: the password change (where a forced change lands, SPEC §4), with its
 * group. Hiding them is refused.
 */
export const ALWAYS_ON_MENUS: ReadonlySet<string> = new Set(['personalCenter', 'password']);

/** The menu-access screen's own code: an administrator can never take it from themself. */
export const MENU_ACCESS_SCREEN = 'authorize';

/**
 * Marks each menu authorised or not for a user; a group is authorised when any child is. A page is
 * authorised when its audience allows the user's role, its group is, and neither the user's own setting
 * nor (without one) their role type's hides it.
 */
export function authoriseMenus(
  catalogue: MenuDefinition[],
  isOrgAdmin: boolean,
  access: MenuAccess = OPEN_MENU_ACCESS,
  parentAuthorised = true,
): AuthorisedMenu[] {
  const role: MenuRole = isOrgAdmin ? 'admin' : 'member';
  return catalogue.map((menu) => {
    const audience = menu.audience === 'member' || role === 'admin';
    const visible =
      ALWAYS_ON_MENUS.has(menu.code) || (access.overrides.get(menu.code) ?? !access.hidden.has(menu.code));
    const own = parentAuthorised && audience && visible;
    const children = authoriseMenus(menu.children ?? [], isOrgAdmin, access, own);
    const hasAuth = children.length > 0 ? own && children.some((child) => child.hasAuth) : own;
    return { code: menu.code, hasAuth, children };
  });
}

/** The catalogue as a role type may be given it: only menus of its audience, groups left empty dropped. */
export function configurableMenus(catalogue: MenuDefinition[], role: MenuRole): MenuDefinition[] {
  return catalogue.flatMap((menu) => {
    if (menu.audience === 'admin' && role === 'member') return [];
    const children = configurableMenus(menu.children ?? [], role);
    if (menu.children && menu.children.length > 0 && children.length === 0) return [];
    return [{ ...menu, children }];
  });
}

/** The codes of pages that need a product the organisation does not license (see MenuDefinition.products). */
export function unlicensedMenus(catalogue: MenuDefinition[], licensed: readonly string[]): string[] {
  return catalogue.flatMap((menu) => {
    const own = menu.products && !menu.products.some((code) => licensed.includes(code)) ? [menu.code] : [];
    return [...own, ...unlicensedMenus(menu.children ?? [], licensed)];
  });
}

/**
 * Menu access with the unlicensed pages hidden whatever the settings say: an administrator's own grant
 * never opens a page of a product the organisation does not have.
 */
export function withLicences(access: MenuAccess, unlicensed: readonly string[]): MenuAccess {
  if (unlicensed.length === 0) return access;
  const blocked = new Set(unlicensed);
  return {
    hidden: new Set([...access.hidden, ...blocked]),
    overrides: new Map([...access.overrides].filter(([code]) => !blocked.has(code))),
  };
}

/** Every code of a catalogue, groups first, in order. */
export function menuCodes(catalogue: MenuDefinition[]): string[] {
  return catalogue.flatMap((menu) => [menu.code, ...menuCodes(menu.children ?? [])]);
}

/** The codes a user may open (groups included): what the server checks a route's menu code against. */
export function accessibleCodes(
  catalogue: MenuDefinition[],
  isOrgAdmin: boolean,
  access: MenuAccess = OPEN_MENU_ACCESS,
): Set<string> {
  const codes = new Set<string>();
  const walk = (menus: AuthorisedMenu[]) =>
    menus.forEach((menu) => {
      if (menu.hasAuth) codes.add(menu.code);
      walk(menu.children);
    });
  walk(authoriseMenus(catalogue, isOrgAdmin, access));
  return codes;
}

/**
 * Why a menu-access save is refused, or null: a code the role type cannot be given, or an always-on page
 * left out. `chosen` are the codes to be visible; a group counts as chosen when any of its pages is.
 */
export function menuChoiceRefusal(
  catalogue: MenuDefinition[],
  role: MenuRole,
  chosen: readonly string[],
): 'errors.menuAccess.unknownMenu' | 'errors.menuAccess.alwaysOn' | null {
  const allowed = new Set(menuCodes(configurableMenus(catalogue, role)));
  if (chosen.some((code) => !allowed.has(code))) return 'errors.menuAccess.unknownMenu';
  const visible = normaliseChoice(catalogue, role, chosen);
  const alwaysOn = [...ALWAYS_ON_MENUS].filter((code) => allowed.has(code));
  return alwaysOn.every((code) => visible.has(code)) ? null : 'errors.menuAccess.alwaysOn';
}

/**
 * The visible codes a role type's chosen list means, groups included: a group is visible when it was
 * chosen or any of its pages was (so a tree's checked pages are enough).
 */
export function normaliseChoice(
  catalogue: MenuDefinition[],
  role: MenuRole,
  chosen: readonly string[],
): Set<string> {
  const picked = new Set(chosen);
  for (const menu of configurableMenus(catalogue, role)) {
    if (menu.children?.some((child) => picked.has(child.code))) picked.add(menu.code);
  }
  return picked;
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

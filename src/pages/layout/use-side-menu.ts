import type { MessageKey } from '../../../domain/i18n';
import type { MenuTreeItem } from '../../../domain/schemas/menus';
import { MENU_CATALOGUE } from '../../../domain/rules/menu-tree';
import { MENU_PAGES, PATHS } from '../paths';
import { useSession } from '../session/use-session';

export interface SideMenuGroup {
  code: string;
  title: MessageKey;
  /** `external`: a page outside the client (the developer docs), opened in a tab of its own. */
  items: Array<{ code: string; title: MessageKey; path: string; external?: boolean }>;
}

/** Menu items that are links out of the client (SPEC §2: developDoc is an external link), by menu code. */
export const MENU_LINKS: Record<string, string> = {
  developDoc: '/api/docs',
};

/**
 * The nostalgia side menu: authorised groups and items of the menu tree that have a page in this
 * client (MENU_PAGES) or are a link out of it (MENU_LINKS); groups left empty are dropped.
 */
export function buildSideMenu(
  tree: MenuTreeItem[],
  pages: Record<string, string> = MENU_PAGES,
  links: Record<string, string> = MENU_LINKS,
): SideMenuGroup[] {
  return tree
    .filter((group) => group.HasAuth)
    .map((group) => ({
      code: group.Code,
      title: `menus.${group.Code}` as MessageKey,
      items: group.Children.filter((item) => item.HasAuth && (pages[item.Code] || links[item.Code])).map(
        (item) => ({
          code: item.Code,
          title: `menus.${item.Code}` as MessageKey,
          ...(pages[item.Code] ? { path: pages[item.Code] } : { path: links[item.Code], external: true }),
        }),
      ),
    }))
    .filter((group) => group.items.length > 0);
}

/** Side-menu groups for the signed-in user. */
export function useSideMenu(): SideMenuGroup[] {
  const { menuTree } = useSession();
  return buildSideMenu(menuTree);
}

/** The side menu's group of the user's own pages; every other group is the organisation's administration. */
export const PERSONAL_CENTRE_GROUP = 'personalCenter';

/**
 * Where the administration opens: the first page of the first administration group the user may see, or
 * null when they may see none (a member, or an administrator whose administration pages are all hidden).
 */
export function firstAdministrationPath(groups: SideMenuGroup[]): string | null {
  const group = groups.find((candidate) => candidate.code !== PERSONAL_CENTRE_GROUP);
  return group?.items.find((item) => !item.external)?.path ?? null;
}

/**
 * Whether a path is one of the personal centre's own pages (or the layout's bare root, which opens them):
 * the header marks the personal-centre tab there, and not on the administration's pages.
 */
export function isPersonalCentrePath(pathname: string): boolean {
  const own = MENU_CATALOGUE.find((menu) => menu.code === PERSONAL_CENTRE_GROUP)?.children ?? [];
  return pathname === PATHS.layout || own.some((menu) => MENU_PAGES[menu.code] === pathname);
}

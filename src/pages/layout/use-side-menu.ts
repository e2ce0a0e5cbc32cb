import type { MessageKey } from '../../../domain/i18n';
import type { MenuTreeItem } from '../../../domain/schemas/menus';
import { MENU_CATALOGUE } from '../../../domain/rules/menu-tree';
import { MENU_PAGES, PATHS } from '../paths';
import { useSession } from '../session/use-session';

export interface SideMenuGroup {
  code: string;
  title: MessageKey;
  items: Array<{ code: string; title: MessageKey; path: string }>;
}

/**
 * The nostalgia side menu: authorised groups and items of the menu tree that have a page in this
 * client (MENU_PAGES); groups left empty are dropped.
 */
export function buildSideMenu(
  tree: MenuTreeItem[],
  pages: Record<string, string> = MENU_PAGES,
): SideMenuGroup[] {
  return tree
    .filter((group) => group.HasAuth)
    .map((group) => ({
      code: group.Code,
      title: `menus.${group.Code}` as MessageKey,
      items: group.Children.filter((item) => item.HasAuth && pages[item.Code]).map((item) => ({
        code: item.Code,
        title: `menus.${item.Code}` as MessageKey,
        path: pages[item.Code],
      })),
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
  return group?.items[0]?.path ?? null;
}

/**
 * Whether a path is one of the personal centre's own pages (or the layout's bare root, which opens them):
 * the header marks the personal-centre tab there, and not on the administration's pages.
 */
export function isPersonalCentrePath(pathname: string): boolean {
  const own = MENU_CATALOGUE.find((menu) => menu.code === PERSONAL_CENTRE_GROUP)?.children ?? [];
  return pathname === PATHS.layout || own.some((menu) => MENU_PAGES[menu.code] === pathname);
}

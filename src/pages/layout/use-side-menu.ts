import type { MessageKey } from '../../../domain/i18n';
import type { MenuTreeItem } from '../../../domain/schemas/menus';
import { MENU_PAGES } from '../paths';
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

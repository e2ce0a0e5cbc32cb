import { useCallback, useEffect, useState } from 'react';
import type { MenuRole } from '../../../domain/rules/menu-tree';
import type { MenuTreeItem, MenuUsers } from '../../../domain/schemas/menus';
import { getMenuAccessTree, getMenuUsers, saveMenuAccess } from '../../adapters/authorisation-api';
import { usePageSize } from '../table/use-page-size';
import { type ActionResult, attempt } from './action-result';

/** The pages (leaves) a tree marks authorised: what a checkable tree shows checked. */
export function checkedPages(tree: MenuTreeItem[]): string[] {
  return tree.flatMap((menu) =>
    menu.Children.length > 0 ? checkedPages(menu.Children) : menu.HasAuth ? [menu.Code] : [],
  );
}

/**
 * Menu access tab: per role type (administrators, members) the menus every one of them may open, a page of
 * the role's members showing who may open a chosen menu, and a member's own menus (or back to the role's).
 * The same settings decide the menu tree and the server's answers.
 */
export function useMenuAccess() {
  const [role, setRoleState] = useState<MenuRole>('member');
  const [tree, setTree] = useState<MenuTreeItem[]>([]);
  const [checked, setChecked] = useState<string[]>([]);
  const [alwaysOn, setAlwaysOn] = useState<string[]>([]);
  const [menuId, setMenuId] = useState<string | undefined>();
  const [keyword, setKeyword] = useState('');
  const [pageIndex, setPageIndex] = useState(1);
  const [pageSize, setPageSize] = usePageSize('menuAccessMembers');
  const [users, setUsers] = useState<MenuUsers>({ total: 0, rows: [] });
  const [selected, setSelected] = useState<number[]>([]);
  const [reloads, setReloads] = useState(0);
  const reload = useCallback(() => setReloads((n) => n + 1), []);

  useEffect(() => {
    let live = true;
    getMenuAccessTree({ roleType: role }).then(
      (answer) => {
        if (!live) return;
        setTree(answer.Tree);
        setChecked(checkedPages(answer.Tree));
        setAlwaysOn(answer.AlwaysOn);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [role, reloads]);

  useEffect(() => {
    let live = true;
    getMenuUsers({ roleType: role, menuId, keyword: keyword.trim() || undefined, pageIndex, pageSize }).then(
      (page) => live && setUsers(page),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [role, menuId, keyword, pageIndex, pageSize, reloads]);

  const done = (result: ActionResult) => {
    if (result.ok) reload();
    return result;
  };

  return {
    role,
    /** Another role type: its own menus and members, nothing picked. */
    setRole: (next: MenuRole) => {
      setRoleState(next);
      setMenuId(undefined);
      setSelected([]);
      setPageIndex(1);
    },
    tree,
    checked,
    setChecked,
    alwaysOn,
    menuId,
    setMenuId: (next: string | undefined) => {
      setMenuId(next);
      setPageIndex(1);
    },
    keyword,
    search: (next: string) => {
      setKeyword(next);
      setPageIndex(1);
    },
    pageIndex,
    pageSize,
    /** Goes to a page; a new page size (remembered for this table) starts again at page 1. */
    setPageIndex: (index: number, size = pageSize) => {
      if (size !== pageSize) {
        setPageSize(size);
        setPageIndex(1);
      } else setPageIndex(index);
    },
    users,
    selected,
    setSelected,
    /** Saves the checked pages as the role type's menus. */
    saveRole: async () => done(await attempt(() => saveMenuAccess({ RoleType: role, Codes: checked }))),
    /** One member's menus: their own setting, or the role's. */
    memberTree: (id: number) => getMenuAccessTree({ roleType: role, accountId: id }),
    /** Gives the members `ids` these pages as their own menus. */
    saveMembers: async (ids: number[], codes: string[]) =>
      ids.length === 0
        ? ({ ok: false, key: 'errors.menuAccess.noneSelected' } as const)
        : done(await attempt(() => saveMenuAccess({ RoleType: role, Codes: codes, AccountIDs: ids }))),
    /** Puts the members `ids` back on their role type's menus. */
    inheritMembers: async (ids: number[]) =>
      ids.length === 0
        ? ({ ok: false, key: 'errors.menuAccess.noneSelected' } as const)
        : done(
            await attempt(() =>
              saveMenuAccess({ RoleType: role, Codes: [], AccountIDs: ids, Inherit: true }),
            ),
          ),
  };
}

import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuTreeItem } from '../../../../domain/schemas/menus';
import { ApiError } from '../../../../src/adapters/api-client';
import * as api from '../../../../src/adapters/authorisation-api';
import { checkedPages, useMenuAccess } from '../../../../src/pages/authorisation/use-menu-access';

vi.mock('../../../../src/adapters/authorisation-api', () => ({
  getMenuAccessTree: vi.fn(),
  getMenuUsers: vi.fn(),
  saveMenuAccess: vi.fn(),
}));

const item = (Code: string, HasAuth: boolean, Children: MenuTreeItem[] = []): MenuTreeItem => ({
  Code,
  Name: Code,
  HasAuth,
  Children,
});
const TREE = [
  item('personalCenter', true, [item('info', true), item('password', true), item('loginLog', false)]),
];

describe('checkedPages', () => {
  it('lists the authorised pages, not their groups', () => {
    expect(checkedPages(TREE)).toEqual(['info', 'password']);
  });
});

describe('useMenuAccess', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(api.getMenuAccessTree)
      .mockReset()
      .mockResolvedValue({ Tree: TREE, Custom: false, AlwaysOn: ['password'] });
    vi.mocked(api.getMenuUsers)
      .mockReset()
      .mockResolvedValue({
        total: 1,
        rows: [{ ID: 5, RealName: 'Ann', Account: 'ann@x.test', HasAuth: false, Custom: true }],
      });
    vi.mocked(api.saveMenuAccess).mockReset().mockResolvedValue(undefined);
  });

  it("loads the member role's menus checked and its members", async () => {
    const { result } = renderHook(() => useMenuAccess());
    await waitFor(() => expect(result.current.checked).toEqual(['info', 'password']));
    await waitFor(() => expect(result.current.users.total).toBe(1));
    expect(api.getMenuAccessTree).toHaveBeenCalledWith({ roleType: 'member' });
  });

  it("saves the role's checked pages, and lists who may open a chosen menu", async () => {
    const { result } = renderHook(() => useMenuAccess());
    await waitFor(() => expect(result.current.checked).toHaveLength(2));
    act(() => result.current.setChecked(['password']));
    await act(async () => {
      expect(await result.current.saveRole()).toEqual({ ok: true });
    });
    expect(api.saveMenuAccess).toHaveBeenCalledWith({ RoleType: 'member', Codes: ['password'] });
    act(() => result.current.setMenuId('loginLog'));
    await waitFor(() =>
      expect(api.getMenuUsers).toHaveBeenLastCalledWith(
        expect.objectContaining({ roleType: 'member', menuId: 'loginLog', pageIndex: 1 }),
      ),
    );
  });

  it('asks for a new page size from page 1, and keeps it when shown again', async () => {
    const first = renderHook(() => useMenuAccess());
    await waitFor(() => expect(first.result.current.users.total).toBe(1));
    act(() => first.result.current.setPageIndex(3, 20));
    await waitFor(() =>
      expect(api.getMenuUsers).toHaveBeenLastCalledWith(
        expect.objectContaining({ pageIndex: 1, pageSize: 20 }),
      ),
    );
    first.unmount();
    const again = renderHook(() => useMenuAccess());
    expect(again.result.current.pageSize).toBe(20);
  });

  it("sets members' own menus, puts them back, and passes a refusal on", async () => {
    const { result } = renderHook(() => useMenuAccess());
    await waitFor(() => expect(result.current.users.total).toBe(1));
    expect(await result.current.saveMembers([], ['password'])).toEqual({
      ok: false,
      key: 'errors.menuAccess.noneSelected',
    });
    await act(async () => {
      await result.current.saveMembers([5], ['password']);
      await result.current.inheritMembers([5]);
    });
    expect(api.saveMenuAccess).toHaveBeenCalledWith({
      RoleType: 'member',
      Codes: ['password'],
      AccountIDs: [5],
    });
    expect(api.saveMenuAccess).toHaveBeenCalledWith({
      RoleType: 'member',
      Codes: [],
      AccountIDs: [5],
      Inherit: true,
    });
    vi.mocked(api.saveMenuAccess).mockRejectedValue(new ApiError(409, 'errors.menuAccess.ownAccess', 'x'));
    act(() => result.current.setRole('admin'));
    await act(async () => {
      expect(await result.current.saveRole()).toEqual({ ok: false, key: 'errors.menuAccess.ownAccess' });
    });
  });
});

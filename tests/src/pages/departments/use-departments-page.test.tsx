import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DepartmentNode } from '../../../../domain/schemas/departments';
import { ApiError } from '../../../../src/adapters/api-client';
import {
  createDepartment,
  deleteDepartment,
  getDepartmentTree,
  updateDepartment,
} from '../../../../src/adapters/departments-api';
import { flattenTree, useDepartmentsPage } from '../../../../src/pages/departments/use-departments-page';

vi.mock('../../../../src/adapters/departments-api', () => ({
  createDepartment: vi.fn(),
  deleteDepartment: vi.fn(),
  getDepartmentTree: vi.fn(),
  updateDepartment: vi.fn(),
}));

const dept = (
  ID: number,
  Name: string,
  ParentID: number | null,
  Children: DepartmentNode[] = [],
): DepartmentNode => ({
  ID,
  Name,
  ParentID,
  ManagerID: null,
  ManagerName: null,
  Description: '',
  MemberCount: 0,
  Children,
});
const TREE = [dept(1, 'R&D', null, [dept(2, 'Chem', 1, [dept(3, 'Synthesis', 2)])])];

describe('flattenTree', () => {
  it('lists departments depth first with their depth', () => {
    expect(flattenTree(TREE).map(({ node, depth }) => [node.Name, depth])).toEqual([
      ['R&D', 0],
      ['Chem', 1],
      ['Synthesis', 2],
    ]);
  });
});

describe('useDepartmentsPage', () => {
  beforeEach(() => {
    vi.mocked(getDepartmentTree).mockReset().mockResolvedValue(TREE);
    vi.mocked(createDepartment).mockReset();
    vi.mocked(updateDepartment).mockReset();
    vi.mocked(deleteDepartment).mockReset();
  });

  const ready = async () => {
    const hook = renderHook(() => useDepartmentsPage());
    await waitFor(() => expect(hook.result.current.status).toBe('ready'));
    return hook.result;
  };

  it('creates a sub-department under the chosen one and selects it', async () => {
    vi.mocked(createDepartment).mockResolvedValue(9);
    const result = await ready();
    act(() => result.current.open({ mode: 'create', parentId: 2 }));
    act(() => result.current.update({ name: 'Analysis', description: 'HPLC' }));
    let saved = false;
    await act(async () => {
      saved = await result.current.submit();
    });
    expect(saved).toBe(true);
    expect(createDepartment).toHaveBeenCalledWith({
      Name: 'Analysis',
      ParentID: 2,
      ManagerID: null,
      Description: 'HPLC',
    });
    expect(result.current.dialog).toBeNull();
    await waitFor(() => expect(getDepartmentTree).toHaveBeenCalledTimes(2));
  });

  it('refuses an all-space name before sending', async () => {
    const result = await ready();
    act(() => result.current.open({ mode: 'create', parentId: null }));
    act(() => result.current.update({ name: '  ' }));
    await act(async () => {
      await result.current.submit();
    });
    expect(createDepartment).not.toHaveBeenCalled();
    expect(result.current.problem).toEqual({ key: 'errors.validation.allSpaces' });
  });

  it('sends only the new superior for a move, and keeps the dialog open with the refusal', async () => {
    vi.mocked(updateDepartment).mockRejectedValue(
      new ApiError(400, 'errors.departments.moveUnderDescendant', 'no'),
    );
    const result = await ready();
    act(() => result.current.open({ mode: 'move', target: TREE[0] }));
    expect(result.current.form.parentId).toBeNull();
    act(() => result.current.update({ parentId: 3 }));
    await act(async () => {
      await result.current.submit();
    });
    expect(updateDepartment).toHaveBeenCalledWith(1, { ParentID: 3 });
    expect(result.current.dialog?.mode).toBe('move');
    expect(result.current.problem).toEqual({
      key: 'errors.departments.moveUnderDescendant',
      params: undefined,
    });
  });

  it('moves a dropped department under its new superior, or to the top level, and selects it', async () => {
    vi.mocked(updateDepartment).mockResolvedValue(undefined);
    const result = await ready();
    await act(async () => {
      expect(await result.current.moveByDrop(3, 1)).toBe(true);
    });
    expect(updateDepartment).toHaveBeenLastCalledWith(3, { ParentID: 1 });
    await act(async () => {
      expect(await result.current.moveByDrop(2, null)).toBe(true);
    });
    expect(updateDepartment).toHaveBeenLastCalledWith(2, { ParentID: null });
    await waitFor(() => expect(result.current.selected?.ID).toBe(2));
    expect(getDepartmentTree).toHaveBeenCalledTimes(3);
  });

  it('refuses a drop under itself or its own sub-department before asking, shown above the tree', async () => {
    const result = await ready();
    await act(async () => {
      expect(await result.current.moveByDrop(1, 3)).toBe(false);
    });
    expect(result.current.pageProblem).toEqual({ key: 'errors.departments.moveUnderDescendant' });
    await act(async () => {
      expect(await result.current.moveByDrop(2, 2)).toBe(false);
      expect(await result.current.moveByDrop(2, 1)).toBe(false); // already there
    });
    expect(updateDepartment).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of a dropped move above the tree", async () => {
    vi.mocked(updateDepartment).mockRejectedValue(
      new ApiError(400, 'errors.departments.moveUnderDescendant', 'no'),
    );
    const result = await ready();
    await act(async () => {
      expect(await result.current.moveByDrop(3, null)).toBe(false);
    });
    expect(result.current.pageProblem).toEqual({
      key: 'errors.departments.moveUnderDescendant',
      params: undefined,
    });
  });

  it('edits name, manager and description from the department’s current values', async () => {
    vi.mocked(updateDepartment).mockResolvedValue();
    const result = await ready();
    const chem = { ...TREE[0].Children[0], ManagerID: 5, ManagerName: 'Mia' };
    act(() => result.current.open({ mode: 'edit', target: chem }));
    expect(result.current.form).toMatchObject({
      name: 'Chem',
      managerId: 5,
      managerLabel: 'Mia',
      parentId: 1,
    });
    act(() => result.current.update({ name: 'Chemistry', managerId: null }));
    await act(async () => {
      await result.current.submit();
    });
    expect(updateDepartment).toHaveBeenCalledWith(2, { Name: 'Chemistry', ManagerID: null, Description: '' });
  });

  it('shows why a department cannot be deleted above the tree', async () => {
    vi.mocked(deleteDepartment).mockRejectedValue(new ApiError(409, 'errors.departments.hasChildren', 'no'));
    const result = await ready();
    let deleted = true;
    await act(async () => {
      deleted = await result.current.remove(TREE[0]);
    });
    expect(deleted).toBe(false);
    expect(result.current.pageProblem?.key).toBe('errors.departments.hasChildren');
    act(() => result.current.dismissPageProblem());
    expect(result.current.pageProblem).toBeNull();
  });

  it('selects a department and clears the selection when it is deleted', async () => {
    vi.mocked(deleteDepartment).mockResolvedValue();
    const result = await ready();
    act(() => result.current.select(3));
    expect(result.current.selected?.Name).toBe('Synthesis');
    await act(async () => {
      await result.current.remove(TREE[0].Children[0].Children[0]);
    });
    expect(result.current.selected).toBeNull();
  });
});

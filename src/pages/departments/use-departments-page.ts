import { useEffect, useMemo, useState } from 'react';
import { moveRefusal } from '../../../domain/rules/departments';
import type { DepartmentNode } from '../../../domain/schemas/departments';
import { departmentCreateSchema } from '../../../domain/schemas/departments';
import {
  createDepartment,
  deleteDepartment,
  getDepartmentTree,
  updateDepartment,
} from '../../adapters/departments-api';
import { type Problem, problemOf } from './department-problem';

/** The department dialog: a new one under `parentId`, or editing / moving `target`. */
export type DepartmentDialog =
  | { mode: 'create'; parentId: number | null }
  | { mode: 'edit'; target: DepartmentNode }
  | { mode: 'move'; target: DepartmentNode };

/** What the dialog's form holds. */
export interface DepartmentForm {
  name: string;
  parentId: number | null;
  managerId: number | null;
  managerLabel: string | null;
  description: string;
}

const EMPTY_FORM: DepartmentForm = {
  name: '',
  parentId: null,
  managerId: null,
  managerLabel: null,
  description: '',
};

/** Every department of a tree, depth first, with its depth. */
export function flattenTree(
  nodes: DepartmentNode[],
  depth = 0,
): Array<{ node: DepartmentNode; depth: number }> {
  return nodes.flatMap((node) => [{ node, depth }, ...flattenTree(node.Children, depth + 1)]);
}

/**
 * Departments page logic (orgDpt): the tree, the selected department, one dialog at a time to create,
 * edit (name, manager, description) or move a department, and delete. A refusal stays shown (in the dialog,
 * or above the tree for a delete) until the next action.
 */
export function useDepartmentsPage() {
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [tree, setTree] = useState<DepartmentNode[]>([]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<DepartmentDialog | null>(null);
  const [form, setForm] = useState<DepartmentForm>(EMPTY_FORM);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [pageProblem, setPageProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);

  // Bumped after every change: the tree is fetched again.
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);
  useEffect(() => {
    let live = true;
    getDepartmentTree().then(
      (next) => {
        if (!live) return;
        setTree(next);
        setStatus('ready');
      },
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
    };
  }, [version]);

  const flat = useMemo(() => flattenTree(tree), [tree]);
  const selected = flat.find((entry) => entry.node.ID === selectedId)?.node ?? null;

  const open = (next: DepartmentDialog) => {
    setProblem(null);
    setPageProblem(null);
    setDialog(next);
    if (next.mode === 'create') setForm({ ...EMPTY_FORM, parentId: next.parentId });
    else {
      const t = next.target;
      const managerLabel = t.ManagerName;
      setForm({
        name: t.Name,
        parentId: t.ParentID,
        managerId: t.ManagerID,
        managerLabel,
        description: t.Description,
      });
    }
  };

  /** Sends the dialog; answers whether it went through (the view then says so and closes it). */
  const submit = async (): Promise<boolean> => {
    if (!dialog) return false;
    const checked = departmentCreateSchema.safeParse({ Name: form.name, Description: form.description });
    if (dialog.mode !== 'move' && !checked.success) {
      setProblem({ key: checked.error.issues[0].message as Problem['key'] });
      return false;
    }
    setBusy(true);
    setProblem(null);
    try {
      const fields = { Name: form.name, ManagerID: form.managerId, Description: form.description };
      if (dialog.mode === 'create')
        setSelectedId(await createDepartment({ ...fields, ParentID: form.parentId }));
      else if (dialog.mode === 'edit') await updateDepartment(dialog.target.ID, fields);
      else await updateDepartment(dialog.target.ID, { ParentID: form.parentId });
      setDialog(null);
      reload();
      return true;
    } catch (error) {
      setProblem(problemOf(error));
      return false;
    } finally {
      setBusy(false);
    }
  };

  /** Deletes a department; a refusal (sub-departments, members) is shown above the tree. */
  const remove = async (node: DepartmentNode): Promise<boolean> => {
    setPageProblem(null);
    try {
      await deleteDepartment(node.ID);
      if (selectedId === node.ID) setSelectedId(null);
      reload();
      return true;
    } catch (error) {
      setPageProblem(problemOf(error));
      return false;
    }
  };

  /**
   * Moves a department dragged in the tree under another (null: to the top level). A move under itself or
   * one of its own sub-departments is refused before asking, with the server's own message; any refusal is
   * shown above the tree. Answers whether it moved (false also when it already was there).
   */
  const moveByDrop = async (id: number, parentId: number | null): Promise<boolean> => {
    setPageProblem(null);
    const dragged = flat.find((entry) => entry.node.ID === id)?.node;
    if (!dragged || dragged.ParentID === parentId) return false;
    const links = flat.map(({ node }) => ({ id: node.ID, parentId: node.ParentID }));
    const refusal = moveRefusal(links, id, parentId);
    if (refusal) {
      setPageProblem({ key: refusal });
      return false;
    }
    try {
      await updateDepartment(id, { ParentID: parentId });
      setSelectedId(id);
      reload();
      return true;
    } catch (error) {
      setPageProblem(problemOf(error));
      return false;
    }
  };

  return {
    status,
    tree,
    flat,
    selected,
    select: setSelectedId,
    dialog,
    open,
    close: () => setDialog(null),
    form,
    update: (changes: Partial<DepartmentForm>) => setForm((f) => ({ ...f, ...changes })),
    submit,
    remove,
    moveByDrop,
    problem,
    pageProblem,
    dismissPageProblem: () => setPageProblem(null),
    busy,
  };
}

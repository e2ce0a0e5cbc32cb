import type { DepartmentNode } from '../schemas/departments';

/** A department as the rules need it: its id and its superior's. */
export interface DepartmentLink {
  id: number;
  parentId: number | null;
}

/** Why a move is refused, as the error key the API answers with. */
export type MoveRefusal = 'errors.departments.moveUnderItself' | 'errors.departments.moveUnderDescendant';

/**
 * Whether moving department `id` under `newParentId` would make a cycle: a department can be neither its
 * own superior nor under one of its own sub-departments (at any depth). Returns the refusal, or null when
 * the move is fine. A chain that already loops (never written by the API) stops the walk, not the caller.
 */
export function moveRefusal(
  departments: readonly DepartmentLink[],
  id: number,
  newParentId: number | null,
): MoveRefusal | null {
  if (newParentId === null) return null;
  if (newParentId === id) return 'errors.departments.moveUnderItself';
  const parentOf = new Map(departments.map((d) => [d.id, d.parentId]));
  const seen = new Set<number>();
  for (let at: number | null | undefined = newParentId; at != null; at = parentOf.get(at)) {
    if (at === id) return 'errors.departments.moveUnderDescendant';
    if (seen.has(at)) break;
    seen.add(at);
  }
  return null;
}

/** Why a department cannot be deleted yet, or null when it is empty. */
export function deleteRefusal(counts: {
  children: number;
  members: number;
}): 'errors.departments.hasChildren' | 'errors.departments.hasMembers' | null {
  if (counts.children > 0) return 'errors.departments.hasChildren';
  if (counts.members > 0) return 'errors.departments.hasMembers';
  return null;
}

/** Sibling names are compared like this: trimmed, case and width of Latin letters ignored. */
export function sameDepartmentName(a: string, b: string): boolean {
  const fold = (value: string) => value.normalize('NFKC').trim().toLowerCase();
  return fold(a) === fold(b);
}

/** A flat department row as the tree is built from. */
export type FlatDepartment = Omit<DepartmentNode, 'Children'>;

/**
 * Nests flat departments into the tree: children under their superior, in the order given (by name or
 * id, as the caller sorted them). A department whose superior is missing (or that sits in a loop) is
 * shown at the top level rather than lost.
 */
export function buildDepartmentTree(rows: readonly FlatDepartment[]): DepartmentNode[] {
  const nodes = new Map<number, DepartmentNode>(rows.map((row) => [row.ID, { ...row, Children: [] }]));
  const inLoop = loopedIds(rows.map((row) => ({ id: row.ID, parentId: row.ParentID })));
  const roots: DepartmentNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.ID) as DepartmentNode;
    const parent = row.ParentID === null || inLoop.has(row.ID) ? undefined : nodes.get(row.ParentID);
    if (parent) parent.Children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Departments that sit on a loop of superiors (never written by the API; stored data may still hold one). */
function loopedIds(departments: readonly DepartmentLink[]): Set<number> {
  const parentOf = new Map(departments.map((d) => [d.id, d.parentId]));
  const looped = new Set<number>();
  const clear = new Set<number>();
  for (const { id } of departments) {
    const path: number[] = [];
    const onPath = new Set<number>();
    let at: number | null | undefined = id;
    while (at != null && !clear.has(at) && !looped.has(at) && !onPath.has(at)) {
      path.push(at);
      onPath.add(at);
      at = parentOf.get(at);
    }
    if (at != null && onPath.has(at)) {
      // The path from `at` onwards is the loop itself; what led into it is fine.
      for (const member of path.slice(path.indexOf(at))) looped.add(member);
    }
    for (const member of path) if (!looped.has(member)) clear.add(member);
  }
  return looped;
}

/** Every department id below `id` (children, their children, ...), not `id` itself. */
export function descendantIds(departments: readonly DepartmentLink[], id: number): number[] {
  const children = new Map<number, number[]>();
  for (const d of departments) {
    if (d.parentId === null) continue;
    children.set(d.parentId, [...(children.get(d.parentId) ?? []), d.id]);
  }
  const out: number[] = [];
  const queue = [...(children.get(id) ?? [])];
  const seen = new Set<number>([id]);
  while (queue.length > 0) {
    const next = queue.shift() as number;
    if (seen.has(next)) continue;
    seen.add(next);
    out.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return out;
}

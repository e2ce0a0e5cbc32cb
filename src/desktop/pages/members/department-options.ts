import type { DepartmentTree } from '../../../../domain/schemas/departments';

/** A department tree as antd's TreeSelect takes it. */
export interface DepartmentOption {
  value: number;
  title: string;
  children: DepartmentOption[];
}

/** The organisation's departments as TreeSelect options, nested like the tree. */
export function departmentOptions(tree: DepartmentTree): DepartmentOption[] {
  return tree.map((node) => ({
    value: node.ID,
    title: node.Name,
    children: departmentOptions(node.Children),
  }));
}

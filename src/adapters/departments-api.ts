import { z } from 'zod';
import {
  type DepartmentCreate,
  departmentIdSchema,
  type DepartmentTree,
  departmentTreeSchema,
  type DepartmentUpdate,
} from '../../domain/schemas/departments';
import { apiClient } from './api-client';

/**
 * GET /api/department/tree: the administrator's organisation's departments, nested. The members screens
 * use it too (department picker and filter).
 */
export async function getDepartmentTree({
  silent = true,
}: { silent?: boolean } = {}): Promise<DepartmentTree> {
  return departmentTreeSchema.parse(await apiClient().get('/department/tree', { silent }));
}

/** POST /api/department: answers the new department's id. Silent: the page shows a refusal in the form. */
export async function createDepartment(body: DepartmentCreate): Promise<number> {
  return departmentIdSchema.parse(await apiClient().post('/department', body, { silent: true })).ID;
}

/** PUT /api/department/{id}: rename, move, manager, description (absent fields stay). Silent. */
export async function updateDepartment(id: number, body: DepartmentUpdate): Promise<void> {
  departmentIdSchema.parse(await apiClient().put(`/department/${id}`, body, { silent: true }));
}

/** DELETE /api/department/{id}: only an empty department goes. Silent: the page says why not. */
export async function deleteDepartment(id: number): Promise<void> {
  z.null().parse(await apiClient().delete(`/department/${id}`, { silent: true }));
}

/**
 * The manager picker's choices: up to 20 members of the organisation whose name, mobile or email starts
 * with `keyword` (POST /api/account/managePage of the members screen).
 */
export async function searchManagerOptions(keyword: string): Promise<Array<{ id: number; label: string }>> {
  const { memberPageSchema } = await import('../../domain/schemas/members');
  const page = memberPageSchema.parse(
    await apiClient().post(
      '/account/managePage',
      { pageIndex: 1, pageSize: 20, ...(keyword.trim() ? { keyword: keyword.trim() } : {}) },
      { silent: true },
    ),
  );
  return page.rows.map((row) => ({
    id: row.ID,
    label: `${row.RealName} (${row.MobilePhone ?? row.Email ?? row.ID})`,
  }));
}

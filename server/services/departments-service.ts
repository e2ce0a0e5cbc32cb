import {
  buildDepartmentTree,
  deleteRefusal,
  moveRefusal,
  sameDepartmentName,
} from '../../domain/rules/departments';
import type { DepartmentCreate, DepartmentUpdate } from '../../domain/schemas/departments';
import { departmentCreateSchema, departmentUpdateSchema } from '../../domain/schemas/departments';
import { ApiError } from '../core/errors';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { readRepositories, type Repositories, withTransaction } from '../repositories';
import type { DepartmentRecord } from '../repositories/departments-repository';
import { logDetails, logMessage } from '../../domain/rules/operation-log-content';
import type { OrgChangeContext } from './service-context';

/** The operation log's module of department changes: the Departments screen's menu code. */
const MODULE = 'orgDpt';

async function requireDepartment(repos: Repositories, orgId: number, id: number): Promise<DepartmentRecord> {
  const department = await repos.departments.findById(orgId, id);
  if (!department) throw new ApiError(404, 'errors.departments.notFound');
  return department;
}

/** The manager must be a (not removed) member of the same organisation. */
async function checkManager(
  repos: Repositories,
  orgId: number,
  managerId: number | null,
): Promise<{ real_name: string } | null> {
  if (managerId === null) return null;
  const account = await repos.accounts.findById(orgId, managerId);
  if (!account || account.status === 'removed')
    throw new ApiError(400, 'errors.departments.managerNotMember');
  return account;
}

/** The superior department, or null at the top level; an unknown one is a 404. */
async function checkParent(
  repos: Repositories,
  orgId: number,
  parentId: number | null,
): Promise<DepartmentRecord | null> {
  if (parentId === null) return null;
  const parent = await repos.departments.findById(orgId, parentId);
  if (!parent) throw new ApiError(404, 'errors.departments.parentNotFound');
  return parent;
}

async function checkUniqueName(
  repos: Repositories,
  orgId: number,
  parentId: number | null,
  name: string,
  exceptId?: number,
): Promise<void> {
  const siblings = await repos.departments.siblingNames(orgId, parentId, exceptId);
  if (siblings.some((sibling) => sameDepartmentName(sibling, name))) {
    throw new ApiError(409, 'errors.departments.nameRepeated');
  }
}

/**
 * Creates a department under its superior (or at the top level), with the operation-log row in the same
 * transaction. Refuses an unknown superior, a manager who is not a member and a name its siblings use.
 */
export async function createDepartment(context: OrgChangeContext, input: DepartmentCreate): Promise<number> {
  const { db, orgId, operator, now } = context;
  const body = departmentCreateSchema.parse(input);
  return withTransaction(db, async (repos) => {
    await repos.departments.lockOrganization(orgId);
    const parent = await checkParent(repos, orgId, body.ParentID);
    await checkManager(repos, orgId, body.ManagerID);
    await checkUniqueName(repos, orgId, body.ParentID, body.Name);
    const id = await repos.departments.insert(
      orgId,
      {
        parentId: body.ParentID,
        name: body.Name,
        managerAccountId: body.ManagerID,
        description: body.Description,
      },
      now,
    );
    await repos.operationLogs.insert({
      orgId,
      operatorId: operator.id,
      operatorName: operator.name,
      module: MODULE,
      content:
        parent === null
          ? logMessage('operationLog.content.departmentCreated', { name: body.Name, id })
          : logMessage('operationLog.content.departmentCreatedIn', {
              name: body.Name,
              id,
              parent: parent.name,
            }),
      now,
    });
    return id;
  });
}

/**
 * Renames, moves, and sets the manager and description of a department; absent fields stay. A move under
 * the department itself or one of its sub-departments is refused (no cycles), as is a name a new sibling
 * uses. One transaction with the operation-log row.
 */
export async function updateDepartment(
  context: OrgChangeContext,
  id: number,
  input: DepartmentUpdate,
): Promise<void> {
  const { db, orgId, operator, now } = context;
  const body = departmentUpdateSchema.parse(input);
  await withTransaction(db, async (repos) => {
    await repos.departments.lockOrganization(orgId);
    const department = await requireDepartment(repos, orgId, id);
    const parentId = body.ParentID === undefined ? department.parentId : body.ParentID;
    const name = body.Name ?? department.name;
    let parent: DepartmentRecord | null = null;
    if (parentId !== department.parentId) {
      parent = await checkParent(repos, orgId, parentId);
      const refusal = moveRefusal(await repos.departments.listLinks(orgId), id, parentId);
      if (refusal) throw new ApiError(400, refusal);
    }
    const manager = body.ManagerID === undefined ? null : await checkManager(repos, orgId, body.ManagerID);
    if (parentId !== department.parentId || name !== department.name) {
      await checkUniqueName(repos, orgId, parentId, name, id);
    }
    await repos.departments.update(orgId, id, {
      name: body.Name,
      parentId: body.ParentID,
      managerAccountId: body.ManagerID,
      description: body.Description,
    });
    const changes = logDetails([
      name !== department.name && logMessage('operationLog.words.renamedTo', { name }),
      parentId !== department.parentId &&
        (parent === null
          ? logMessage('operationLog.words.movedToTop')
          : logMessage('operationLog.words.movedInto', { name: parent.name })),
      body.ManagerID !== undefined &&
        body.ManagerID !== department.managerAccountId &&
        (manager === null
          ? logMessage('operationLog.words.managerCleared')
          : logMessage('operationLog.words.managerNamed', { name: manager.real_name })),
      body.Description !== undefined &&
        body.Description !== department.description &&
        logMessage('operationLog.words.descriptionChanged'),
    ]);
    changes.empty = 'operationLog.words.nothing';
    await repos.operationLogs.insert({
      orgId,
      operatorId: operator.id,
      operatorName: operator.name,
      module: MODULE,
      content: logMessage('operationLog.content.departmentChanged', { name: department.name, id, changes }),
      now,
    });
  });
}

/** Deletes a department with no sub-departments and no members; otherwise says which it still has. */
export async function deleteDepartment(context: OrgChangeContext, id: number): Promise<void> {
  const { db, orgId, operator, now } = context;
  await withTransaction(db, async (repos) => {
    await repos.departments.lockOrganization(orgId);
    const department = await requireDepartment(repos, orgId, id);
    const refusal = deleteRefusal(await repos.departments.contentCounts(orgId, id));
    if (refusal) throw new ApiError(409, refusal);
    await repos.departments.delete(orgId, id);
    await repos.operationLogs.insert({
      orgId,
      operatorId: operator.id,
      operatorName: operator.name,
      module: MODULE,
      content: logMessage('operationLog.content.departmentDeleted', { name: department.name, id }),
      now,
    });
  });
}

/** The organisation's departments as a tree (the departments screen, and the members' and login log's filter). */
export async function departmentTree(db: Kysely<Database>, orgId: number) {
  return buildDepartmentTree(await readRepositories(db).departments.listFlat(orgId));
}

/** One department of the organisation with its direct children (each without theirs); none such 404. */
export async function departmentOf(db: Kysely<Database>, orgId: number, id: number) {
  const flat = await readRepositories(db).departments.listFlat(orgId);
  const found = flat.find((department) => department.ID === id);
  if (!found) throw new ApiError(404, 'errors.departments.notFound');
  const children = flat.filter((department) => department.ParentID === found.ID);
  return { ...found, Children: children.map((child) => ({ ...child, Children: [] })) };
}

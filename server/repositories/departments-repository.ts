import type { Kysely } from 'kysely';
import type { DepartmentLink, FlatDepartment } from '../../domain/rules/departments';
import type { Database } from '../db/tables';
import { isPostgres } from '../db/dialect';

/** A department row as the routes read it. */
export interface DepartmentRecord {
  id: number;
  orgId: number;
  parentId: number | null;
  name: string;
  managerAccountId: number | null;
  description: string;
}

/** What a new department is written with. */
export interface NewDepartment {
  parentId: number | null;
  name: string;
  managerAccountId: number | null;
  description: string;
}

const nullableId = (value: number | string | null) => (value === null ? null : Number(value));

/**
 * Departments of one organisation (SPEC §3: name, manager, description, superior). Every call takes the
 * organisation id, which comes from the session: another organisation's department is simply not found.
 */
export function createDepartmentsRepository(db: Kysely<Database>) {
  return {
    /**
     * Holds the organisation's row until the transaction ends, so two department changes of one
     * organisation run one after the other and two crossing moves cannot both pass the cycle check.
     * SQLite runs one writing transaction at a time already.
     */
    async lockOrganization(orgId: number): Promise<void> {
      if (!isPostgres(db as Kysely<unknown>)) return;
      await db.selectFrom('organizations').select('id').where('id', '=', orgId).forUpdate().execute();
    },

    /**
     * Every department of the organisation, flat and sorted by name then id, with its manager's name and
     * its number of (not removed) members: what the tree is built from.
     */
    async listFlat(orgId: number): Promise<FlatDepartment[]> {
      const [rows, counts] = await Promise.all([
        db
          .selectFrom('departments as d')
          .leftJoin('accounts as m', (join) =>
            // A manager who has since left the organisation (a former member) manages nothing.
            join
              .onRef('m.id', '=', 'd.manager_account_id')
              .on('m.org_id', '=', orgId)
              .on('m.status', '!=', 'removed'),
          )
          .select(['d.id', 'd.parent_id', 'd.name', 'm.id as manager_id', 'd.description', 'm.real_name'])
          .where('d.org_id', '=', orgId)
          .orderBy('d.name')
          .orderBy('d.id')
          .execute(),
        db
          .selectFrom('accounts')
          .select(['dept_id', (eb) => eb.fn.countAll<number>().as('n')])
          .where('org_id', '=', orgId)
          .where('dept_id', 'is not', null)
          .where('status', '!=', 'removed')
          .groupBy('dept_id')
          .execute(),
      ]);
      const memberCount = new Map(counts.map((row) => [Number(row.dept_id), Number(row.n)]));
      return rows.map((row) => ({
        ID: Number(row.id),
        Name: row.name,
        ParentID: nullableId(row.parent_id),
        ManagerID: nullableId(row.manager_id),
        ManagerName: row.real_name ?? null,
        Description: row.description,
        MemberCount: memberCount.get(Number(row.id)) ?? 0,
      }));
    },

    /** Every department's id and superior: what the cycle check walks. */
    async listLinks(orgId: number): Promise<DepartmentLink[]> {
      const rows = await db
        .selectFrom('departments')
        .select(['id', 'parent_id'])
        .where('org_id', '=', orgId)
        .execute();
      return rows.map((row) => ({ id: Number(row.id), parentId: nullableId(row.parent_id) }));
    },

    async findById(orgId: number, id: number): Promise<DepartmentRecord | undefined> {
      const row = await db
        .selectFrom('departments')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: Number(row.id),
        orgId: Number(row.org_id),
        parentId: nullableId(row.parent_id),
        name: row.name,
        managerAccountId: nullableId(row.manager_account_id),
        description: row.description,
      };
    },

    /** Names of the departments directly under `parentId` (null: the top level), but `exceptId`. */
    async siblingNames(orgId: number, parentId: number | null, exceptId?: number): Promise<string[]> {
      let query = db.selectFrom('departments').select('name').where('org_id', '=', orgId);
      query =
        parentId === null ? query.where('parent_id', 'is', null) : query.where('parent_id', '=', parentId);
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.execute()).map((row) => row.name);
    },

    async insert(orgId: number, department: NewDepartment, now: number): Promise<number> {
      const row = await db
        .insertInto('departments')
        .values({
          org_id: orgId,
          parent_id: department.parentId,
          name: department.name,
          manager_account_id: department.managerAccountId,
          description: department.description,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async update(orgId: number, id: number, changes: Partial<NewDepartment>): Promise<void> {
      const set = {
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.parentId !== undefined ? { parent_id: changes.parentId } : {}),
        ...(changes.managerAccountId !== undefined ? { manager_account_id: changes.managerAccountId } : {}),
        ...(changes.description !== undefined ? { description: changes.description } : {}),
      };
      if (Object.keys(set).length === 0) return;
      await db.updateTable('departments').set(set).where('org_id', '=', orgId).where('id', '=', id).execute();
    },

    /** How many sub-departments and (not removed) members a department has: it may go only when both are 0. */
    async contentCounts(orgId: number, id: number): Promise<{ children: number; members: number }> {
      const [children, members] = await Promise.all([
        db
          .selectFrom('departments')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('org_id', '=', orgId)
          .where('parent_id', '=', id)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('accounts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('org_id', '=', orgId)
          .where('dept_id', '=', id)
          .where('status', '!=', 'removed')
          .executeTakeFirstOrThrow(),
      ]);
      return { children: Number(children.n), members: Number(members.n) };
    },

    /**
     * Deletes an empty department. Former members that still name it lose the link (their restore puts
     * them back without a department, as SPEC's 'if it still exists' says).
     */
    async delete(orgId: number, id: number): Promise<void> {
      await db
        .updateTable('accounts')
        .set({ dept_id: null })
        .where('org_id', '=', orgId)
        .where('dept_id', '=', id)
        .where('status', '=', 'removed')
        .execute();
      await db.deleteFrom('departments').where('org_id', '=', orgId).where('id', '=', id).execute();
    },

    /** Clears the manager of every department an account manages (when it leaves the organisation). */
    async clearManager(orgId: number, accountId: number): Promise<void> {
      await db
        .updateTable('departments')
        .set({ manager_account_id: null })
        .where('org_id', '=', orgId)
        .where('manager_account_id', '=', accountId)
        .execute();
    },
  };
}

export type DepartmentsRepository = ReturnType<typeof createDepartmentsRepository>;

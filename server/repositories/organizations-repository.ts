import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

/** Organisations and their departments. */
export function createOrganizationsRepository(db: Kysely<Database>) {
  return {
    async count(): Promise<number> {
      const row = await db
        .selectFrom('organizations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Every organisation's id and name, oldest first (the operator's `org:list`). */
    async list(): Promise<Array<{ id: number; name: string }>> {
      const rows = await db.selectFrom('organizations').select(['id', 'name']).orderBy('id').execute();
      return rows.map((row) => ({ id: Number(row.id), name: row.name }));
    },

    async findById(id: number) {
      return db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insert(name: string, now: number): Promise<number> {
      const row = await db
        .insertInto('organizations')
        .values({ name, logo: '', openness_authorized: 0, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async insertDepartment(orgId: number, name: string, description: string, now: number): Promise<number> {
      const row = await db
        .insertInto('departments')
        .values({
          org_id: orgId,
          parent_id: null,
          name,
          manager_account_id: null,
          description,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async setDepartmentManager(orgId: number, deptId: number, accountId: number): Promise<void> {
      await db
        .updateTable('departments')
        .set({ manager_account_id: accountId })
        .where('org_id', '=', orgId)
        .where('id', '=', deptId)
        .execute();
    },
  };
}

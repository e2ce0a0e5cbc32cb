import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/tables';
import { productHolderCount } from './product-holders';

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

    /** Whether an operator has authorised the organisation for open capability (SPEC §6). */
    async opennessAuthorized(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('organizations')
        .select('openness_authorized')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.openness_authorized === 1;
    },

    /** Grants or withdraws open capability (the operator's `org:openness`). */
    async setOpennessAuthorized(id: number, authorized: boolean): Promise<void> {
      await db
        .updateTable('organizations')
        .set({ openness_authorized: authorized ? 1 : 0 })
        .where('id', '=', id)
        .execute();
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

    /** Sets the organisation's name, industry and contact (Organisation info); absent fields stay. */
    async updateInfo(
      id: number,
      changes: { name?: string; industry?: string; contact?: string; logo?: string },
    ): Promise<void> {
      const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      if (Object.keys(set).length === 0) return;
      await db.updateTable('organizations').set(set).where('id', '=', id).execute();
    },

    /** Stores the organisation's logo bytes (one per organisation, replaced on upload). */
    async saveLogo(orgId: number, contentType: string, data: Buffer, now: number): Promise<void> {
      await db
        .insertInto('organization_logos')
        .values({ org_id: orgId, content_type: contentType, data, updated_at: now })
        .onConflict((oc) =>
          oc.column('org_id').doUpdateSet({ content_type: contentType, data, updated_at: now }),
        )
        .execute();
    },

    async findLogo(
      orgId: number,
    ): Promise<{ contentType: string; data: Buffer; updatedAt: number } | undefined> {
      const row = await db
        .selectFrom('organization_logos')
        .select(['content_type', 'data', 'updated_at'])
        .where('org_id', '=', orgId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        contentType: row.content_type,
        data: Buffer.from(row.data),
        updatedAt: Number(row.updated_at),
      };
    },

    /** The organisation's members (former members not counted), administrators and departments. */
    async counts(orgId: number): Promise<{ members: number; admins: number; departments: number }> {
      const [accounts, departments] = await Promise.all([
        db
          .selectFrom('accounts')
          .select([
            (eb) => eb.fn.countAll<number>().as('members'),
            sql<number>`coalesce(sum(case when is_org_admin = 1 then 1 else 0 end), 0)`.as('admins'),
          ])
          .where('org_id', '=', orgId)
          .where('status', '!=', 'removed')
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('departments')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('org_id', '=', orgId)
          .executeTakeFirstOrThrow(),
      ]);
      return {
        members: Number(accounts.members),
        admins: Number(accounts.admins),
        departments: Number(departments.n),
      };
    },

    /**
     * Every product in display order: whether the organisation is licensed for it, since when, and how many
     * of its (not removed) members the administrator has granted it to.
     */
    async listProducts(
      orgId: number,
    ): Promise<Array<{ id: number; code: string; grantedAt: number | null; accountCount: number }>> {
      const rows = await db
        .selectFrom('products as p')
        .leftJoin('org_products as op', (join) =>
          join.onRef('op.product_id', '=', 'p.id').on('op.org_id', '=', orgId),
        )
        .select([
          'p.id',
          'p.code',
          'op.granted_at',
          (eb) => productHolderCount(eb, orgId).as('account_count'),
        ])
        .orderBy('p.sort')
        .execute();
      return rows.map((row) => ({
        id: Number(row.id),
        code: row.code,
        grantedAt: row.granted_at === null ? null : Number(row.granted_at),
        accountCount: Number(row.account_count ?? 0),
      }));
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

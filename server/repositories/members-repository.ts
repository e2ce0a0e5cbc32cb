import { type Kysely, sql } from 'kysely';
import { memberSearch } from '../../domain/rules/members';
import { isPostgres } from '../db/dialect';
import type { Database } from '../db/tables';
import { createMemberListPage } from './member-list-page';
import { createMemberSearch } from './member-search';

export type { MemberFilter, MemberListRow } from './member-list-page';

/** A removed member as the former-members list shows it. */
export interface FormerMemberListRow {
  id: number;
  real_name: string;
  mobile: string | null;
  email: string | null;
  dept_name: string | null;
  created_at: number;
  removed_at: number;
}

/**
 * Organisation members for their administrators: list (member-list-page.ts), search, batch changes and
 * former members. Every call takes the organisation id and touches no other organisation's rows.
 */
export function createMembersRepository(db: Kysely<Database>) {
  const pg = isPostgres(db as Kysely<unknown>);
  const search = createMemberSearch(db as Kysely<unknown>);

  return {
    ...createMemberListPage(db),

    /** The product codes each of the given members of the organisation is licensed for. */
    async productsOf(orgId: number, accountIds: number[]): Promise<Map<number, string[]>> {
      const byAccount = new Map<number, string[]>(accountIds.map((id) => [id, []]));
      if (accountIds.length === 0) return byAccount;
      const rows = await db
        .selectFrom('account_products as ap')
        .innerJoin('products as p', 'p.id', 'ap.product_id')
        .innerJoin('org_products as op', (join) =>
          join.onRef('op.product_id', '=', 'ap.product_id').onRef('op.org_id', '=', 'ap.org_id'),
        )
        .select(['ap.account_id', 'p.code'])
        .where('ap.org_id', '=', orgId)
        .where('ap.account_id', 'in', accountIds)
        .orderBy('p.sort')
        .execute();
      for (const row of rows) byAccount.get(Number(row.account_id))?.push(row.code);
      return byAccount;
    },

    /** Codes of the products the organisation is licensed for, in display order. */
    async organizationProducts(orgId: number): Promise<Array<{ id: number; code: string }>> {
      const found = await sql<{ id: number; code: string }>`
        select p.id, p.code from org_products as op inner join products as p on p.id = op.product_id
        where op.org_id = ${orgId} order by p.sort`.execute(db);
      return found.rows.map((row) => ({ id: Number(row.id), code: row.code }));
    },

    /** The organisation's members (not former ones) among `ids`. */
    async findMembers(orgId: number, ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('accounts')
        .select([
          'id',
          'org_id',
          'real_name',
          'mobile',
          'email',
          'is_org_admin',
          'status',
          'login_type',
          'dept_id',
          'superior_id',
          'lang',
        ])
        .where('org_id', '=', orgId)
        .where('id', 'in', ids)
        .where('status', '!=', 'removed')
        .orderBy('id')
        .execute();
    },

    /** The organisation's former members among `ids`. */
    async findFormer(orgId: number, ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('accounts')
        .select(['id', 'org_id', 'real_name', 'mobile', 'email'])
        .where('org_id', '=', orgId)
        .where('id', 'in', ids)
        .where('status', '=', 'removed')
        .orderBy('id')
        .execute();
    },

    /** Ids of the organisation's administrators (former members excluded). */
    async adminIds(orgId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('accounts')
        .select('id')
        .where('org_id', '=', orgId)
        .where('is_org_admin', '=', 1)
        .where('status', '!=', 'removed')
        .execute();
      return rows.map((row) => Number(row.id));
    },

    /**
     * Serialises the organisation's member changes that check a count first (the last administrator): on
     * PostgreSQL a row lock on the organisation until the transaction ends; SQLite writes one at a time.
     */
    async lockOrganization(orgId: number): Promise<void> {
      if (!pg) return;
      await db.selectFrom('organizations').select('id').where('id', '=', orgId).forUpdate().execute();
    },

    /**
     * Whether a mobile number or email already names an account, in any organisation and any state (the
     * name is unique in the deployment, and a former member keeps theirs to be restored), other than
     * `exceptId`.
     */
    async accountNameTaken(
      name: { kind: 'mobile' | 'email'; value: string },
      exceptId: number | null = null,
    ): Promise<boolean> {
      let query = db
        .selectFrom('accounts')
        .select('id')
        .where(name.kind === 'mobile' ? 'mobile' : 'email', '=', name.value);
      if (exceptId !== null) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async departmentExists(orgId: number, deptId: number): Promise<boolean> {
      const row = await db
        .selectFrom('departments')
        .select('id')
        .where('org_id', '=', orgId)
        .where('id', '=', deptId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async setAdmin(orgId: number, ids: number[], isAdmin: boolean): Promise<void> {
      await db
        .updateTable('accounts')
        .set({ is_org_admin: isAdmin ? 1 : 0 })
        .where('org_id', '=', orgId)
        .where('id', 'in', ids)
        .where('status', '!=', 'removed')
        .execute();
    },

    async changeDepartment(orgId: number, ids: number[], deptId: number | null): Promise<void> {
      await db
        .updateTable('accounts')
        .set({ dept_id: deptId })
        .where('org_id', '=', orgId)
        .where('id', 'in', ids)
        .where('status', '!=', 'removed')
        .execute();
    },

    async update(
      orgId: number,
      id: number,
      changes: {
        real_name?: string;
        mobile?: string | null;
        email?: string | null;
        dept_id?: number | null;
        superior_id?: number | null;
      },
    ): Promise<void> {
      if (Object.keys(changes).length === 0) return;
      await db
        .updateTable('accounts')
        .set(changes)
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .where('status', '!=', 'removed')
        .execute();
    },

    /**
     * Makes members former members: removed now, no longer administrators, out of their department (kept
     * as removed_dept_id for a restore). Their sessions are the caller's to end.
     */
    async remove(orgId: number, ids: number[], now: number): Promise<void> {
      await db
        .updateTable('accounts')
        .set((eb) => ({
          status: 'removed',
          removed_at: now,
          is_org_admin: 0,
          removed_dept_id: eb.ref('dept_id'),
          dept_id: null,
        }))
        .where('org_id', '=', orgId)
        .where('id', 'in', ids)
        .where('status', '!=', 'removed')
        .execute();
    },

    /**
     * Brings former members back as active members, in the department they left when it still exists in
     * the organisation, else in none; a restored member signs in with the password they had.
     */
    async restore(orgId: number, ids: number[]): Promise<void> {
      await db
        .updateTable('accounts')
        .set((eb) => ({
          status: 'active',
          removed_at: null,
          dept_id: eb
            .selectFrom('departments as d')
            .select('d.id')
            .where('d.org_id', '=', orgId)
            .whereRef('d.id', '=', 'accounts.removed_dept_id'),
          removed_dept_id: null,
        }))
        .where('org_id', '=', orgId)
        .where('id', 'in', ids)
        .where('status', '=', 'removed')
        .execute();
    },

    /** One page of the organisation's former members, most recently removed first. */
    async formerPage(
      orgId: number,
      keyword: string | undefined,
      pageIndex: number,
      pageSize: number,
    ): Promise<{ total: number; rows: FormerMemberListRow[] }> {
      let query = db
        .selectFrom('accounts as m')
        .where('m.org_id', '=', orgId)
        .where('m.status', '=', 'removed');
      const condition = search.condition('m', Object.fromEntries(await search.bound(memberSearch(keyword))), {
        orgId,
        removed: true,
      });
      if (condition) query = query.where(condition);
      const [rows, counted] = await Promise.all([
        query
          .leftJoin('departments as d', (join) =>
            join.onRef('d.id', '=', 'm.removed_dept_id').on('d.org_id', '=', orgId),
          )
          .select([
            'm.id',
            'm.real_name',
            'm.mobile',
            'm.email',
            'd.name as dept_name',
            'm.created_at',
            'm.removed_at',
          ])
          .orderBy('m.removed_at', 'desc')
          .orderBy('m.id', 'desc')
          .limit(pageSize)
          .offset((pageIndex - 1) * pageSize)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return {
        total: Number(counted.total),
        rows: rows.map((row) => ({ ...row, id: Number(row.id), removed_at: Number(row.removed_at) })),
      };
    },
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;

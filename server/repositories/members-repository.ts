import { type ExpressionBuilder, type Kysely, type RawBuilder, sql } from 'kysely';
import { type MemberSearch, memberSearch } from '../../domain/rules/members';
import { isPostgres } from '../db/dialect';
import type { Database } from '../db/tables';

/** What the administrators' member list is filtered by; the organisation always comes from the session. */
export interface MemberFilter {
  keyword?: string;
  deptId?: number;
  isAdmin?: boolean;
  locked?: boolean;
  /** A product code. */
  product?: string;
}

/** A member as the list shows it, before its products are attached. */
export interface MemberListRow {
  id: number;
  real_name: string;
  mobile: string | null;
  email: string | null;
  dept_id: number | null;
  dept_name: string | null;
  superior_id: number | null;
  superior_name: string | null;
  is_org_admin: number;
  status: string;
  created_at: number;
  last_login_at: number | null;
}

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

/** The largest code point: a prefix range ends just below the prefix followed by it. */
const MAX_CHAR = String.fromCodePoint(0x10ffff);

type AccountsEb = ExpressionBuilder<Database & { m: Database['accounts'] }, 'm'>;

/**
 * Organisation members for their administrators: list, search, batch changes and former members. Every
 * call takes the organisation id and touches no other organisation's rows.
 */
export function createMembersRepository(db: Kysely<Database>) {
  const pg = isPostgres(db as Kysely<unknown>);
  /**
   * The expression a prefix search compares, as migration 0012 indexes it: on PostgreSQL under the "C"
   * collation, where a range is exactly a prefix in any database locale.
   */
  const searchable = (column: 'm.real_name' | 'm.mobile' | 'm.email', lower: boolean): RawBuilder<string> => {
    const ref = sql.ref(column);
    const value = lower ? sql`lower(${ref})` : sql`${ref}`;
    return pg ? sql<string>`(${value} collate "C")` : sql<string>`${value}`;
  };
  const prefixOf = (eb: AccountsEb, expression: RawBuilder<string>, prefix: string) =>
    eb.and([eb(expression, '>=', prefix), eb(expression, '<', `${prefix}${MAX_CHAR}`)]);

  /** The search's conditions, one index range each. */
  const searched = (eb: AccountsEb, search: MemberSearch) =>
    eb.or([
      ...(search.name === undefined ? [] : [prefixOf(eb, searchable('m.real_name', true), search.name)]),
      ...(search.mobile === undefined ? [] : [prefixOf(eb, searchable('m.mobile', false), search.mobile)]),
      ...(search.email === undefined ? [] : [prefixOf(eb, searchable('m.email', false), search.email)]),
    ]);

  /**
   * Members (not former ones) of the organisation that the filter keeps. `status != 'removed'` is written
   * as the partial indexes of migration 0012 say it, so every read here is a range of one of them.
   */
  const filtered = (orgId: number, filter: MemberFilter, search: MemberSearch | null) => {
    // A literal, not a parameter: only then does SQLite see the partial index's own condition and
    // answer from the index alone (a bound value makes it check every row in the table).
    let query = db
      .selectFrom('accounts as m')
      .where('m.org_id', '=', orgId)
      .where('m.status', '!=', sql.lit('removed'));
    if (filter.locked !== undefined)
      query = query.where('m.status', '=', filter.locked ? 'locked' : 'active');
    if (filter.deptId !== undefined) query = query.where('m.dept_id', '=', filter.deptId);
    if (filter.isAdmin !== undefined) query = query.where('m.is_org_admin', '=', filter.isAdmin ? 1 : 0);
    if (filter.product) {
      const code = filter.product;
      query = query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('account_products as ap')
            .innerJoin('products as p', 'p.id', 'ap.product_id')
            .select('ap.account_id')
            .where('ap.org_id', '=', orgId)
            .whereRef('ap.account_id', '=', 'm.id')
            .where('p.code', '=', code),
        ),
      );
    }
    return search ? query.where((eb) => searched(eb, search)) : query;
  };

  /**
   * The order of a page: a search of one kind in its index's order (by name, mobile or email, then id),
   * so a deep page walks one range without sorting; otherwise by id (joining order).
   */
  const orderOf = (search: MemberSearch | null): RawBuilder<string> | null => {
    const kinds = search ? Object.keys(search) : [];
    if (kinds.length !== 1) return null;
    if (search?.name !== undefined) return searchable('m.real_name', true);
    return searchable(search?.mobile !== undefined ? 'm.mobile' : 'm.email', false);
  };

  return {
    /** One page (from 1) of the members a filter keeps, and how many it keeps (see orderOf for the order). */
    async page(
      orgId: number,
      filter: MemberFilter,
      pageIndex: number,
      pageSize: number,
    ): Promise<{ total: number; rows: MemberListRow[] }> {
      const search = memberSearch(filter.keyword);
      const order = orderOf(search);
      // The page's ids first, from the index alone: rows skipped by the offset are never joined.
      let listed = filtered(orgId, filter, search).select('m.id');
      if (order) listed = listed.orderBy(order);
      const [ids, counted] = await Promise.all([
        listed
          .orderBy('m.id')
          .limit(pageSize)
          .offset((pageIndex - 1) * pageSize)
          .execute()
          .then((found) => found.map((row) => Number(row.id))),
        filtered(orgId, filter, search)
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      const found =
        ids.length === 0
          ? []
          : await db
              .selectFrom('accounts as m')
              .leftJoin('departments as d', (join) =>
                join.onRef('d.id', '=', 'm.dept_id').on('d.org_id', '=', orgId),
              )
              .leftJoin('accounts as s', (join) =>
                join
                  .onRef('s.id', '=', 'm.superior_id')
                  .on('s.org_id', '=', orgId)
                  .on('s.status', '!=', 'removed'),
              )
              .select([
                'm.id',
                'm.real_name',
                'm.mobile',
                'm.email',
                'm.dept_id',
                'd.name as dept_name',
                'm.superior_id',
                's.real_name as superior_name',
                'm.is_org_admin',
                'm.status',
                'm.created_at',
                'm.last_login_at',
              ])
              .where('m.id', 'in', ids)
              // Still this organisation's, but with a unary plus SQLite never reads the organisation's
              // whole index for it: ten primary-key lookups answer this query (PostgreSQL reads it alike).
              .where(sql<number>`+${sql.ref('m.org_id')}`, '=', orgId)
              .execute();
      const byId = new Map(found.map((row) => [Number(row.id), row]));
      const rows = ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [row] : [];
      });
      return {
        total: Number(counted.total),
        rows: rows.map((row) => ({
          ...row,
          id: Number(row.id),
          dept_id: row.dept_id === null ? null : Number(row.dept_id),
          superior_id: row.superior_id === null ? null : Number(row.superior_id),
        })),
      };
    },

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
      const rows = await db
        .selectFrom('org_products as op')
        .innerJoin('products as p', 'p.id', 'op.product_id')
        .select(['p.id', 'p.code'])
        .where('op.org_id', '=', orgId)
        .orderBy('p.sort')
        .execute();
      return rows.map((row) => ({ id: Number(row.id), code: row.code }));
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
      const search = memberSearch(keyword);
      let query = db
        .selectFrom('accounts as m')
        .where('m.org_id', '=', orgId)
        .where('m.status', '=', 'removed');
      if (search) query = query.where((eb) => searched(eb, search));
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

import { type Kysely, type RawBuilder, sql } from 'kysely';
import { memberSearch } from '../../domain/rules/members';
import { compiledOnce } from '../db/compiled-once';
import { isPostgres } from '../db/dialect';
import type { Database } from '../db/tables';
import { MAX_IDS_PER_FILTER, memberListCache } from './member-list-cache';
import { memberPageRows, type PageRowStamp } from './member-page-rows';
import { createMemberSearch, type SearchBoundName } from './member-search';

/** What the administrators' member list is filtered by; the organisation always comes from the session. */
export interface MemberFilter {
  keyword?: string;
  deptId?: number;
  isAdmin?: boolean;
  locked?: boolean;
  /** A product code. */
  product?: string;
}

/** A member as the list shows it. */
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
  /** Codes of the organisation's licensed products the member holds, in display order. */
  products: string[];
}

/** One page's row as the database answers it (products: a JSON array, as text on SQLite). */
type StoredMemberListRow = Omit<MemberListRow, 'products'> & {
  products: string | string[] | null;
  row_version: number | string;
};

/** The values a member-list filter binds, by name. */
type BoundName = 'orgId' | 'status' | 'deptId' | 'isAdmin' | 'product' | SearchBoundName;

/**
 * The values a filter binds, in a fixed order, with their names: the names say which conditions the list's
 * statement has (its shape), the values are bound to it.
 */
function boundFilter(orgId: number, filter: MemberFilter, searchValues: Array<[SearchBoundName, unknown]>) {
  const bound: Array<[BoundName, unknown]> = [['orgId', orgId]];
  if (filter.locked !== undefined) bound.push(['status', filter.locked ? 'locked' : 'active']);
  if (filter.deptId !== undefined) bound.push(['deptId', filter.deptId]);
  if (filter.isAdmin !== undefined) bound.push(['isAdmin', filter.isAdmin ? 1 : 0]);
  if (filter.product) bound.push(['product', filter.product]);
  bound.push(...searchValues);
  return { names: bound.map(([name]) => name), values: bound.map(([, value]) => value) };
}

/** Product codes as the database answers them: a JSON array, as text on SQLite. */
const parseCodes = (codes: string | string[] | null): string[] =>
  typeof codes === 'string' ? (JSON.parse(codes) as string[]) : (codes ?? []);

/**
 * One page of the administrators' member list: the members a filter keeps and how many.
 *
 * The list is read on every page an administrator turns, so its statements are written as SQL templates:
 * Kysely's query builder costs more CPU to build and compile them (about 0.1 ms each) than the database
 * takes to answer them from their indexes.
 */
export function createMemberListPage(db: Kysely<Database>) {
  const pg = isPostgres(db as Kysely<unknown>);
  const search = createMemberSearch(db as Kysely<unknown>);
  const cache = memberListCache(db as Kysely<unknown>);
  const keptPages = memberPageRows(db as Kysely<unknown>);

  /** The codes of products `p` in display order as a JSON array (text on SQLite), `[]` for none. */
  const codesInOrder = pg
    ? sql`coalesce(json_agg(p.code order by p.sort), '[]'::json)`
    : sql`json_group_array(p.code order by p.sort)`;

  /**
   * Members (not former ones) of the organisation that the filter keeps, as a condition on `m`, over the
   * filter's bound values (see boundFilter). `status != 'removed'` is written as the partial indexes of
   * migration 0012 say it, and as a literal, not a parameter: only then does SQLite see the partial index's
   * own condition and answer from the index alone (a bound value makes it check every row in the table).
   * With a search on SQLite the organisation is written `+m.org_id`: the search's ids then drive the read
   * (each looked up by key); without statistics the planner would walk the organisation's whole index and
   * check each id against them (30 ms at 100,000 members, even for a search that finds nothing).
   */
  const kept = (bound: Partial<Record<BoundName, unknown>>): RawBuilder<boolean> => {
    const org = 'match' in bound ? sql`+m.org_id` : sql`m.org_id`;
    const conditions: RawBuilder<unknown>[] = [sql`${org} = ${bound.orgId}`, sql`m.status != 'removed'`];
    if ('status' in bound) conditions.push(sql`m.status = ${bound.status}`);
    if ('deptId' in bound) conditions.push(sql`m.dept_id = ${bound.deptId}`);
    if ('isAdmin' in bound) conditions.push(sql`m.is_org_admin = ${bound.isAdmin}`);
    if ('product' in bound) {
      conditions.push(sql`exists (
        select 1 from account_products as ap inner join products as p on p.id = ap.product_id
        where ap.org_id = ${bound.orgId} and ap.account_id = m.id and p.code = ${bound.product})`);
    }
    const searched = search.condition('m', bound, { orgId: bound.orgId, removed: false });
    if (searched) conditions.push(searched);
    return sql<boolean>`${sql.join(conditions, sql` and `)}`;
  };

  /**
   * The order of a page: by id (joining order), which the id index and the search's index both answer
   * in order, so a deep page walks without sorting. Descending reads the same order from its far end.
   */
  const orderOf = (descending: boolean): RawBuilder<unknown> =>
    sql`m.id ${sql.raw(descending ? 'desc' : 'asc')}`;

  /**
   * Whether the filter is a search and nothing else on SQLite: its members are then counted and paged
   * from the search index alone (one rowid range of the organisation's members, see member-search.ts),
   * without reading `accounts` for each match.
   */
  const indexOnly = (bound: Partial<Record<BoundName, unknown>>) =>
    'match' in bound && Object.keys(bound).length === 2;

  /** What the count reads: the search index's range, or the members the filter keeps. */
  const countedFrom = (bound: Partial<Record<BoundName, unknown>>) =>
    indexOnly(bound)
      ? sql`(${search.scoped(bound.match, bound.orgId, false)})`
      : sql`accounts as m where ${kept(bound)}`;

  /** The page's ids in the list's order (by id), read from the index alone; rows skipped are never joined. */
  const pickedIds = (
    bound: Partial<Record<BoundName, unknown>>,
    descending: boolean,
    size: number,
    skip: unknown,
  ) =>
    indexOnly(bound)
      ? sql`${search.scoped(bound.match, bound.orgId, false)}
          order by rowid ${sql.raw(descending ? 'desc' : 'asc')} limit ${sql.lit(size)} offset ${skip}`
      : sql`select m.id from accounts as m where ${kept(bound)}
          order by ${orderOf(descending)} limit ${sql.lit(size)} offset ${skip}`;

  /**
   * The codes of the licensed products member `m` holds, in display order, as a JSON array. The unary plus
   * keeps SQLite (without statistics) on the (account_id, product_id) key instead of walking the
   * organisation's whole index for every row.
   */
  const productCodes = (orgId: unknown) => sql`(
    select ${codesInOrder}
    from account_products as ap
    inner join products as p on p.id = ap.product_id
    inner join org_products as op on op.org_id = ap.org_id and op.product_id = ap.product_id
    where ap.account_id = m.id and +ap.org_id = ${orgId})`;

  /**
   * The list's statements, compiled once per shape (which filters are set, and the page's direction):
   * an administrator turning pages sends the same shape again and again, and building a statement costs
   * more CPU than SQLite takes to answer it.
   */
  const shapes = new Map<string, (...values: unknown[]) => Promise<unknown[]>>();
  const compiledFor = <Row>(
    shape: string,
    names: BoundName[],
    extra: number,
    build: (bound: Partial<Record<BoundName, unknown>>, extras: unknown[]) => RawBuilder<Row>,
  ): ((...values: unknown[]) => Promise<Row[]>) => {
    let run = shapes.get(shape);
    if (!run) {
      run = compiledOnce(
        db,
        (...placeholders: unknown[]) => {
          const statement = build(
            Object.fromEntries(names.map((name, index) => [name, placeholders[index]])),
            placeholders.slice(names.length),
          );
          return { compile: () => statement.compile(db) };
        },
        names.length + extra,
        `members.${shape}`,
      );
      shapes.set(shape, run);
    }
    return run as (...values: unknown[]) => Promise<Row[]>;
  };

  const compilable = <Row>(statement: RawBuilder<Row>) => ({ compile: () => statement.compile(db) });

  /** A page row's columns, over `m` and the joins of rowJoins. */
  const rowColumns = (orgId: unknown) => sql`m.id, m.real_name, m.mobile, m.email, m.dept_id,
    d.name as dept_name, m.superior_id, s.real_name as superior_name, m.is_org_admin, m.status, m.created_at,
    m.last_login_at, m.row_version, ${productCodes(orgId)} as products`;
  const rowJoins = (orgId: unknown) => sql`
    left join departments as d on d.id = m.dept_id and d.org_id = ${orgId}
    left join accounts as s on s.id = m.superior_id and s.org_id = ${orgId} and s.status != 'removed'`;

  /** The organisation's members_version (see member-list-cache.ts) and its licensed products' codes. */
  const readOrganization = compiledOnce(
    db,
    (orgId: unknown) =>
      compilable(sql<{ members_version: number | string; products: string | string[] | null }>`
        select o.members_version,
          (select ${codesInOrder}
            from org_products as op inner join products as p on p.id = op.product_id
            where op.org_id = o.id) as products
        from organizations as o where o.id = ${orgId}`),
    1,
    'members.organization',
  );

  /** Rows of the organisation's members by id (a page of cached matches), in the list's order. */
  const readingIds = compiledOnce(
    db,
    (orgId: unknown, ids: unknown) =>
      compilable(sql<StoredMemberListRow>`
        select ${rowColumns(orgId)}
        from accounts as m ${rowJoins(orgId)}
        where ${pg ? sql`m.org_id` : sql`+m.org_id`} = ${orgId}
          and m.id ${pg ? sql`= any(cast(${ids} as bigint[]))` : sql`in (select value from json_each(${ids}))`}
        order by m.id`),
    2,
    'members.byIds',
  );

  /**
   * What a filter finds: its ids in the list's order when there are at most MAX_IDS_PER_FILTER (one read
   * of the index or of the organisation's members), else how many (a count).
   */
  const matchesOf = async (names: BoundName[], values: unknown[]) => {
    const shape = names.join(',');
    const listing = compiledFor<{ id: number | string }>(`ids:${shape}`, names, 0, (bound) =>
      indexOnly(bound)
        ? sql`${search.scoped(bound.match, bound.orgId, false)}
            order by rowid limit ${sql.lit(MAX_IDS_PER_FILTER + 1)}`
        : sql`select m.id from accounts as m where ${kept(bound)}
            order by m.id limit ${sql.lit(MAX_IDS_PER_FILTER + 1)}`,
    );
    const listed = await listing(...values);
    const bound = { names, values };
    if (listed.length <= MAX_IDS_PER_FILTER) {
      return { total: listed.length, ids: listed.map((row) => Number(row.id)), values: bound };
    }
    const counting = compiledFor<{ total: number | string }>(
      `count:${shape}`,
      names,
      0,
      (named) => sql`select count(*) as total from ${countedFrom(named)}`,
    );
    const [counted] = await counting(...values);
    return { total: Number(counted?.total ?? 0), ids: null, values: bound };
  };

  /** A page's row as the list answers it. */
  const listRow = ({ row_version: _version, ...row }: StoredMemberListRow): MemberListRow => ({
    ...row,
    id: Number(row.id),
    dept_id: row.dept_id === null ? null : Number(row.dept_id),
    superior_id: row.superior_id === null ? null : Number(row.superior_id),
    is_org_admin: Number(row.is_org_admin),
    created_at: Number(row.created_at),
    last_login_at: row.last_login_at === null ? null : Number(row.last_login_at),
    products: parseCodes(row.products),
  });

  return {
    /**
     * One page (from 1) of the members a filter keeps, how many it keeps (see orderOf for the order), and
     * the codes of the organisation's licensed products. The organisation's members_version with the
     * products first; then, while that version is the one the filter's matches were read at (see
     * member-list-cache.ts), only the page's rows by key, or the rows kept for the page while their members
     * are unchanged (member-page-rows.ts). Otherwise the matches are read again first: their
     * ids, or for a filter finding more than MAX_IDS_PER_FILTER members their count, and such a page is
     * read from the index, a page past the middle backwards from the far end, so the last page skips as
     * few rows as the first.
     */
    async page(
      orgId: number,
      filter: MemberFilter,
      pageIndex: number,
      pageSize: number,
    ): Promise<{ total: number; rows: MemberListRow[]; orgProducts: string[] }> {
      const [organization] = await readOrganization(orgId);
      const orgProducts = parseCodes(organization?.products ?? null);
      const searched = memberSearch(filter.keyword);
      const key = `${orgId}:${JSON.stringify([searched, filter.deptId, filter.isAdmin, filter.locked, filter.product ?? null])}`;
      const {
        total,
        ids,
        values: bound,
      } = await cache.matches(key, Number(organization?.members_version ?? 0), async () => {
        const { names, values } = boundFilter(orgId, filter, await search.bound(searched));
        return matchesOf(names, values);
      });
      const offset = (pageIndex - 1) * pageSize;
      if (offset >= total) return { total, rows: [], orgProducts };
      const size = Math.min(pageSize, total - offset);
      if (ids) {
        const picked = ids.slice(offset, offset + size);
        const pageKey = `${key}\u0000${String(organization?.members_version)}\u0000${offset}:${size}\u0000${JSON.stringify(orgProducts)}`;
        const rows = await keptPages.rows(pageKey, orgId, picked, async () => {
          const found = await readingIds(orgId, pg ? picked : JSON.stringify(picked));
          return found.map((row) => ({ row: listRow(row), stamp: row as PageRowStamp }));
        });
        return { total, rows, orgProducts };
      }
      const fromEnd = total - offset - size < offset;
      // The page's ids come from the index alone (rows skipped are never joined); then its rows are read
      // by primary key, in the same order. The page's size is written into the statement (an integer
      // the schema bounded): with a bound LIMIT, SQLite answers the same page in twice the time.
      const reading = compiledFor<StoredMemberListRow>(
        `page:${fromEnd ? 'desc' : 'asc'}:${size}:${bound.names.join(',')}`,
        bound.names,
        1,
        (named, [skip]) => sql`
          select ${rowColumns(named.orgId)}
          from (${pickedIds(named, fromEnd, size, skip)}) as picked
          inner join accounts as m on m.id = picked.id
          ${rowJoins(named.orgId)}
          order by ${orderOf(fromEnd)}`,
      );
      const found = await reading(...bound.values, fromEnd ? total - offset - size : offset);
      const rows = found.map(listRow);
      return { total, rows: fromEnd ? rows.reverse() : rows, orgProducts };
    },
  };
}

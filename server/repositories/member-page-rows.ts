import { type Kysely, sql } from 'kysely';
import { compiledOnce } from '../db/compiled-once';
import { isPostgres } from '../db/dialect';

/** What a kept page's rows are checked against: each member's row_version and department name, by id. */
export interface PageRowStamp {
  id: number;
  row_version: number | string;
  dept_name: string | null;
}

interface KeptPage<Row> {
  rows: Row[];
  stamps: PageRowStamp[];
}

/** How many rows an instance keeps at most over every kept page (a few MB). */
const MAX_KEPT_ROWS = 20_000;

/** Kept per database (its dialect adapter), as member-list-cache.ts keeps matches. */
const perDatabase = new WeakMap<object, { pages: Map<string, KeptPage<unknown>>; held: number }>();

const sameStamps = (kept: PageRowStamp[], current: PageRowStamp[]) =>
  kept.length === current.length &&
  kept.every(
    (stamp, index) =>
      stamp.id === Number(current[index].id) &&
      String(stamp.row_version) === String(current[index].row_version) &&
      stamp.dept_name === current[index].dept_name,
  );

/**
 * The rows of the member list's pages of kept matches (member-list-page.ts), reused while nothing they show
 * changed. A page's key names its filter, the organisation's members_version and its licensed products as
 * read by the same request, so a change to the matches, to any member's name, state or products, to a
 * superior or to the licences reads the page again. What the key cannot see is checked on every reuse
 * against the rows themselves: each member's row_version (moved by a trigger on any update of the account:
 * a sign-in's time, a new superior) and department name, read by key for the page's ids only; one of them
 * different, the page is read again. The check reads two columns by key instead of the page's twelve with
 * its joins, which is most of what a page costs the server.
 */
export function memberPageRows(db: Kysely<unknown>) {
  const pg = isPostgres(db);
  const adapter = db.getExecutor().adapter;
  let store = perDatabase.get(adapter);
  if (!store) perDatabase.set(adapter, (store = { pages: new Map(), held: 0 }));
  const kept = store;

  /** The stamps of the organisation's members `ids` (an array on PostgreSQL, JSON text on SQLite), by id. */
  const readStamps = compiledOnce(
    db,
    (orgId: unknown, ids: unknown) => ({
      compile: () =>
        sql<PageRowStamp>`select m.id, m.row_version, d.name as dept_name
          from accounts as m
          left join departments as d on d.id = m.dept_id and d.org_id = ${orgId}
          where ${pg ? sql`m.org_id` : sql`+m.org_id`} = ${orgId}
            and m.id ${pg ? sql`= any(cast(${ids} as bigint[]))` : sql`in (select value from json_each(${ids}))`}
          order by m.id`.compile(db),
    }),
    2,
    'members.pageStamps',
  );

  const keep = <Row>(key: string, page: KeptPage<Row>) => {
    // Two requests may read the same page at once: the later one replaces the earlier's.
    const replaced = kept.pages.get(key);
    if (replaced) {
      kept.held -= replaced.rows.length;
      kept.pages.delete(key);
    }
    kept.pages.set(key, page);
    kept.held += page.rows.length;
    while (kept.held > MAX_KEPT_ROWS) {
      const [oldest, entry] = kept.pages.entries().next().value!;
      kept.held -= entry.rows.length;
      kept.pages.delete(oldest);
    }
  };

  return {
    /**
     * The page's rows: the kept ones when their stamps still match, else `read()`'s (which answers each
     * row with its stamp, from the same statement), kept for the next call.
     */
    async rows<Row>(
      key: string,
      orgId: number,
      ids: number[],
      read: () => Promise<Array<{ row: Row; stamp: PageRowStamp }>>,
    ): Promise<Row[]> {
      const found = kept.pages.get(key) as KeptPage<Row> | undefined;
      if (found) {
        const current = await readStamps(orgId, pg ? ids : JSON.stringify(ids));
        if (sameStamps(found.stamps, current)) {
          // Most recently used last: eviction takes the oldest first.
          if (kept.pages.get(key) === found) keep(key, found);
          return found.rows;
        }
      }
      const fresh = await read();
      const page: KeptPage<Row> = {
        rows: fresh.map((entry) => entry.row),
        stamps: fresh.map((entry) => ({ ...entry.stamp, id: Number(entry.stamp.id) })),
      };
      keep(key, page);
      return page.rows;
    },
  };
}

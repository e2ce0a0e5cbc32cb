import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { MemberSearch } from '../../domain/rules/members';
import { isPostgres } from '../db/dialect';

/** The kinds of search a keyword makes, and the column each searches. */
const SEARCH_KINDS = ['name', 'mobile', 'email'] as const;
type SearchKind = (typeof SEARCH_KINDS)[number];

/**
 * The values a search binds, by name: on SQLite one FTS5 query over the columns it searches, on PostgreSQL
 * one `like` pattern per column. The names say the statement's shape, the values are bound to it.
 */
export type SearchBoundName = 'match' | `${SearchKind}Like`;

/** Rows of one organisation's members, or former members, are one range of this size (migration 0032). */
const SCOPE_FACTOR = 4294967296;
/** The largest code point: a prefix range of the index's terms ends just below the prefix followed by it. */
const MAX_CHAR = String.fromCodePoint(0x10ffff);
/** A phrase no stored value holds (each ends in two U+0001, never three): an expansion that found no term. */
const NOTHING = '"\u0001\u0001\u0001"';

const quoted = (term: string) => `"${term.replaceAll('"', '""')}"`;
/** A `like` pattern that finds `text` anywhere, its wildcards taken literally (backslash is the escape). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Member search anywhere in a name, mobile number or email, from the n-gram indexes of migration 0030, as
 * a condition on an `accounts` alias; every caller adds its organisation (and status) condition beside it.
 *
 * SQLite (FTS5 trigram): a keyword of three characters or more is one phrase of its trigrams. A shorter
 * one cannot be a trigram, so it is expanded into the trigrams of the index's vocabulary that start with
 * it (one range of the vocabulary): every stored value ends in two U+0001, so each occurrence of a one- or
 * two-character keyword starts a trigram, and the expansion finds exactly the values containing it. Its
 * cost grows with how many distinct trigrams start with the keyword (a common Latin letter: a few
 * thousand), not with the number of members.
 *
 * PostgreSQL (pg_trgm GIN): `like '%keyword%'`. For one or two characters pg_trgm extracts no trigram and
 * the planner reads the table or the whole index; the answer is the same, its cost grows with the table.
 */
export function createMemberSearch(db: Kysely<unknown>) {
  const pg = isPostgres(db);
  const kindsOf = (search: MemberSearch) => SEARCH_KINDS.filter((kind) => search[kind] !== undefined);

  /** The FTS5 query for a search on SQLite: its columns, and its text as a phrase or the trigrams it starts. */
  const matchQuery = async (search: MemberSearch): Promise<string> => {
    const kinds = kindsOf(search);
    const text = search[kinds[0]] ?? '';
    const columns = `{${kinds.join(' ')}}`;
    if ([...text].length >= 3) return `${columns} : ${quoted(text)}`;
    const { rows } = await sql<{ term: string }>`
      select term from member_search_terms where term >= ${text} and term < ${text + MAX_CHAR}`.execute(db);
    if (rows.length === 0) return NOTHING;
    return `${columns} : (${rows.map((row) => quoted(row.term)).join(' OR ')})`;
  };

  /**
   * On SQLite, the rows of the search index that a search finds among one organisation's members (or
   * former members), over its bound values: one rowid range of the index (see migration 0032), read in
   * rowid order, that is by account id. `id` is the account's id.
   */
  const scoped = (match: unknown, orgId: unknown, removed: boolean): RawBuilder<{ id: number }> => {
    const from = sql`(${orgId} * 2 + ${sql.lit(removed ? 1 : 0)}) * ${sql.lit(SCOPE_FACTOR)}`;
    return sql`select rowid - ${from} as id from member_search
      where member_search match ${match} and rowid >= ${from} and rowid < ${from} + ${sql.lit(SCOPE_FACTOR)}`;
  };

  return {
    /** The values a search binds, in a fixed order, with their names (none without a search). */
    async bound(search: MemberSearch | null): Promise<Array<[SearchBoundName, unknown]>> {
      if (!search) return [];
      if (!pg) return [['match', await matchQuery(search)]];
      return kindsOf(search).map((kind) => [`${kind}Like`, containing(search[kind] ?? '')]);
    },

    scoped,

    /**
     * The search's condition on `alias`, an account of organisation `orgId` that is a member (or a former
     * member when `removed`), over its bound values (placeholders or the values themselves), or null
     * without a search.
     */
    condition(
      alias: string,
      bound: Partial<Record<SearchBoundName, unknown>>,
      scope: { orgId: unknown; removed: boolean },
    ): RawBuilder<boolean> | null {
      if ('match' in bound) {
        return sql<boolean>`${sql.ref(`${alias}.id`)} in (${scoped(bound.match, scope.orgId, scope.removed)})`;
      }
      const columns = {
        name: sql`lower(${sql.ref(`${alias}.real_name`)})`,
        mobile: sql.ref(`${alias}.mobile`),
        email: sql.ref(`${alias}.email`),
      };
      const likes = SEARCH_KINDS.flatMap((kind) =>
        `${kind}Like` in bound ? [sql`${columns[kind]} like ${bound[`${kind}Like`]}`] : [],
      );
      return likes.length > 0 ? sql<boolean>`(${sql.join(likes, sql` or `)})` : null;
    },
  };
}

export type MemberSearchIndex = ReturnType<typeof createMemberSearch>;

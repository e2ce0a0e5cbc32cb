import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * The monomer library's search (symbol, name or SMILES containing a keyword) from an n-gram index instead
 * of reading every monomer of the organisation: at 20,000 monomers a scan with three `like`s missed the
 * list's p99 < 50 ms.
 *
 * SQLite: an FTS5 table with the trigram tokenizer (case-folding), one row per monomer (rowid = its id,
 * system monomers too), kept in step with `monomers` by triggers in the same transaction. A keyword of
 * three characters or more is a phrase of its trigrams; a shorter one has none and is still answered by
 * `like` over the organisation's rows (monomers-repository.ts).
 *
 * PostgreSQL: one pg_trgm GIN index over the three values joined by U+0001 (which no keyword holds, so no
 * match spans two of them), lower-cased, which answers `like '%…%'`. Three indexes, one per column, were
 * not chosen by the planner for the `or` of three `like`s: it read every row.
 */
export const MONOMER_SEARCH_TEXT = `lower(symbol || chr(1) || name || chr(1) || smiles)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql
      .raw(`create index monomers_search on monomers using gin ((${MONOMER_SEARCH_TEXT}) gin_trgm_ops)`)
      .execute(db);
    return;
  }
  await sql
    .raw(
      `create virtual table monomer_search using fts5(symbol, name, smiles, tokenize = 'trigram',
         content = '', contentless_delete = 1)`,
    )
    .execute(db);
  const insert = (row: string) =>
    `insert into monomer_search (rowid, symbol, name, smiles) values (${row}.id, ${row}.symbol, ${row}.name, ${row}.smiles)`;
  await sql
    .raw(`create trigger monomers_search_insert after insert on monomers begin ${insert('new')}; end`)
    .execute(db);
  await sql
    .raw(
      `create trigger monomers_search_update after update of symbol, name, smiles on monomers
       begin delete from monomer_search where rowid = old.id; ${insert('new')}; end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger monomers_search_delete after delete on monomers begin
         delete from monomer_search where rowid = old.id; end`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into monomer_search (rowid, symbol, name, smiles) select id, symbol, name, smiles from monomers`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema.dropIndex('monomers_search').ifExists().execute();
    return;
  }
  for (const trigger of ['monomers_search_delete', 'monomers_search_update', 'monomers_search_insert']) {
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  }
  await sql.raw('drop table if exists monomer_search').execute(db);
}

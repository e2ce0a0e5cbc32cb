import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Member search finds a keyword anywhere in a name, mobile number or email, from an n-gram index instead of
 * the prefix ranges of 0012 (whose indexes stay: the unfiltered list and its count still read them).
 *
 * SQLite: an FTS5 table with the trigram tokenizer (case-folding), one row per account (rowid = account
 * id, former members too), kept in step with `accounts` by triggers, so every insert, edit and delete
 * changes it in the same transaction. Each value is stored followed by two U+0001 characters: every
 * occurrence of a one- or two-character keyword is then the start of some trigram, so a short keyword is
 * answered from the index too (the trigrams it starts, read from the vocabulary; see member-search.ts).
 *
 * PostgreSQL: pg_trgm GIN indexes on lower(real_name), mobile and email, which answer `like '%…%'`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    for (const [name, expression] of [
      ['accounts_search_name', 'lower(real_name)'],
      ['accounts_search_mobile', 'mobile'],
      ['accounts_search_email', 'email'],
    ]) {
      await sql.raw(`create index ${name} on accounts using gin ((${expression}) gin_trgm_ops)`).execute(db);
    }
    return;
  }
  await sql
    .raw(
      `create virtual table member_search using fts5(name, mobile, email, tokenize = 'trigram',
         content = '', contentless_delete = 1)`,
    )
    .execute(db);
  await sql.raw(`create virtual table member_search_terms using fts5vocab(member_search, 'row')`).execute(db);
  const values = (row: 'new' | 'old' | 'accounts', id: string) =>
    `${id}, ${row}.real_name || char(1, 1), coalesce(${row}.mobile, '') || char(1, 1),
     coalesce(${row}.email, '') || char(1, 1)`;
  const insert = (row: 'new' | 'accounts', id: string) =>
    `insert into member_search (rowid, name, mobile, email) values (${values(row, id)})`;
  await sql
    .raw(
      `create trigger accounts_search_insert after insert on accounts begin ${insert('new', 'new.id')}; end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger accounts_search_update after update of real_name, mobile, email on accounts begin
         delete from member_search where rowid = old.id; ${insert('new', 'new.id')}; end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger accounts_search_delete after delete on accounts begin
         delete from member_search where rowid = old.id; end`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into member_search (rowid, name, mobile, email) select ${values('accounts', 'id')} from accounts`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const name of ['accounts_search_email', 'accounts_search_mobile', 'accounts_search_name']) {
      await db.schema.dropIndex(name).ifExists().execute();
    }
    return;
  }
  for (const trigger of ['accounts_search_delete', 'accounts_search_update', 'accounts_search_insert']) {
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  }
  await sql.raw('drop table if exists member_search_terms').execute(db);
  await sql.raw('drop table if exists member_search').execute(db);
}

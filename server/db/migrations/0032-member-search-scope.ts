import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * SQLite's member search index (0030) keyed by organisation and membership: a row's rowid is
 * `(org_id * 2 + removed) * 2^32 + id` (removed: 1 for a former member), so the members (or former members)
 * of one organisation are one rowid range, which FTS5 reads within its match. A search then counts and pages
 * from the index alone, without looking up each match in `accounts` to check its organisation and state
 * (that lookup cost 1-3 ms for 1,000 matches). Account ids stay below 2^32. The triggers now also follow a
 * change of organisation or of removal (not a lock or unlock, which keep the row where it is).
 * PostgreSQL is unchanged.
 */
const SCOPE_FACTOR = 4294967296;

/** The rowid of an account's search row, from a row reference (`new`, `old` or the table). */
const rowidOf = (row: string) =>
  `((${row}.org_id * 2 + (${row}.status = 'removed')) * ${SCOPE_FACTOR} + ${row}.id)`;
const values = (row: string) =>
  `${rowidOf(row)}, ${row}.real_name || char(1, 1), coalesce(${row}.mobile, '') || char(1, 1),
   coalesce(${row}.email, '') || char(1, 1)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const trigger of ['accounts_search_delete', 'accounts_search_update', 'accounts_search_insert']) {
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  }
  await sql.raw(`insert into member_search (member_search) values ('delete-all')`).execute(db);
  const insert = (row: string) =>
    `insert into member_search (rowid, name, mobile, email) values (${values(row)})`;
  await sql
    .raw(`create trigger accounts_search_insert after insert on accounts begin ${insert('new')}; end`)
    .execute(db);
  await sql
    .raw(
      `create trigger accounts_search_update after update of real_name, mobile, email, org_id, status on accounts
       when old.real_name is not new.real_name or old.mobile is not new.mobile or old.email is not new.email
         or old.org_id is not new.org_id or (old.status = 'removed') is not (new.status = 'removed')
       begin delete from member_search where rowid = ${rowidOf('old')}; ${insert('new')}; end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger accounts_search_delete after delete on accounts begin
         delete from member_search where rowid = ${rowidOf('old')}; end`,
    )
    .execute(db);
  await sql
    .raw(`insert into member_search (rowid, name, mobile, email) select ${values('accounts')} from accounts`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const trigger of ['accounts_search_delete', 'accounts_search_update', 'accounts_search_insert']) {
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  }
  await sql.raw(`insert into member_search (member_search) values ('delete-all')`).execute(db);
}

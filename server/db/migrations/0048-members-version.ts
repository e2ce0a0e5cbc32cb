import { type Kysely, sql } from 'kysely';
import { BIGINT, isPostgres } from '../dialect';

/**
 * `organizations.members_version`: goes up with every change that can change what the member list of the
 * organisation finds or counts (server/repositories/member-list-page.ts keeps a search's matches, or a
 * filter's total, per organisation while this number stays the same, on any instance). A database trigger
 * moves it, so no write can forget to: an account added to, or deleted from, the organisation, an account's
 * name, mobile number, email, department, administrator flag, state (lock, removal, restore) or
 * organisation changed, and a member given or refused a product. A sign-in (last_login_at, row_version) or
 * any other column changes nothing the list filters on, and does not move it.
 */
const WATCHED = ['org_id', 'real_name', 'mobile', 'email', 'dept_id', 'is_org_admin', 'status'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('organizations')
    .addColumn('members_version', BIGINT, (c) => c.notNull().defaultTo(0))
    .execute();
  const changed = (previous: string, next: string) =>
    WATCHED.map((column) => `${previous}.${column} is distinct from ${next}.${column}`).join(' or ');
  if (isPostgres(db)) {
    // Inserts and deletes by statement, over the rows they touched: an import of thousands of members
    // moves its organisation's number once, not once per member (each would be a new row version of it).
    await sql
      .raw(
        `create function org_members_version_rows() returns trigger language plpgsql as $$
         begin
           if tg_op = 'INSERT' then
             update organizations set members_version = members_version + 1
               where id in (select distinct org_id from changed_rows);
           else
             update organizations set members_version = members_version + 1
               where id in (select distinct org_id from gone_rows);
           end if;
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create function org_members_version_row() returns trigger language plpgsql as $$
         begin
           update organizations set members_version = members_version + 1 where id in (old.org_id, new.org_id);
           return null;
         end $$`,
      )
      .execute(db);
    for (const table of ['accounts', 'account_products']) {
      await sql
        .raw(
          `create trigger ${table}_members_version_insert after insert on ${table}
           referencing new table as changed_rows
           for each statement execute function org_members_version_rows()`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${table}_members_version_delete after delete on ${table}
           referencing old table as gone_rows
           for each statement execute function org_members_version_rows()`,
        )
        .execute(db);
    }
    await sql
      .raw(
        `create trigger accounts_members_version_update after update on accounts
         for each row when (${changed('old', 'new')}) execute function org_members_version_row()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger account_products_members_version_update after update on account_products
         for each row execute function org_members_version_row()`,
      )
      .execute(db);
    return;
  }
  const bump = (row: 'new' | 'old') =>
    `update organizations set members_version = members_version + 1 where id = ${row}.org_id;`;
  for (const table of ['accounts', 'account_products']) {
    await sql
      .raw(`create trigger ${table}_members_version_insert after insert on ${table} begin ${bump('new')} end`)
      .execute(db);
    await sql
      .raw(`create trigger ${table}_members_version_delete after delete on ${table} begin ${bump('old')} end`)
      .execute(db);
  }
  await sql
    .raw(
      `create trigger accounts_members_version_update after update on accounts
       when ${changed('old', 'new').replaceAll('is distinct from', 'is not')}
       begin ${bump('new')} ${bump('old')} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger account_products_members_version_update after update on account_products
       begin ${bump('new')} ${bump('old')} end`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const triggers = ['insert', 'delete', 'update'].flatMap((event) =>
    ['accounts', 'account_products'].map((table) => [table, `${table}_members_version_${event}`]),
  );
  for (const [table, trigger] of triggers) {
    await sql
      .raw(
        isPostgres(db)
          ? `drop trigger if exists ${trigger} on ${table}`
          : `drop trigger if exists ${trigger}`,
      )
      .execute(db);
  }
  if (isPostgres(db)) {
    await sql.raw('drop function if exists org_members_version_rows()').execute(db);
    await sql.raw('drop function if exists org_members_version_row()').execute(db);
  }
  await db.schema.alterTable('organizations').dropColumn('members_version').execute();
}

import { type Kysely, sql } from 'kysely';
import { BIGINT, isPostgres } from '../dialect';

/**
 * Versions an instance checks a cached copy against (server/repositories/sessions-repository.ts): every
 * signed-in request reads its session, and with it these two numbers, instead of the whole account and the
 * organisation's settings. A database trigger moves them, so no write can forget to, whatever code (or an
 * operator's SQL) makes it, on whichever instance:
 * - `accounts.row_version` goes up with every update of the account's row;
 * - `organizations.settings_version` goes up with every insert, update or delete of its org_config_values.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('row_version', BIGINT, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('organizations')
    .addColumn('settings_version', BIGINT, (c) => c.notNull().defaultTo(0))
    .execute();
  if (isPostgres(db)) {
    await sql
      .raw(
        `create function accounts_row_version() returns trigger language plpgsql as $$
         begin
           if new.row_version = old.row_version then new.row_version := old.row_version + 1; end if;
           return new;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger accounts_row_version before update on accounts
         for each row execute function accounts_row_version()`,
      )
      .execute(db);
    await sql
      .raw(
        `create function org_settings_version() returns trigger language plpgsql as $$
         begin
           update organizations set settings_version = settings_version + 1
             where id = case when tg_op = 'DELETE' then old.org_id else new.org_id end;
           if tg_op = 'UPDATE' and old.org_id <> new.org_id then
             update organizations set settings_version = settings_version + 1 where id = old.org_id;
           end if;
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger org_settings_version after insert or update or delete on org_config_values
         for each row execute function org_settings_version()`,
      )
      .execute(db);
    return;
  }
  // SQLite runs no trigger from its own statement (recursive_triggers is off), and the guard stops a
  // statement that sets row_version itself from being counted twice.
  await sql
    .raw(
      `create trigger accounts_row_version after update on accounts
       when new.row_version = old.row_version
       begin update accounts set row_version = old.row_version + 1 where id = new.id; end`,
    )
    .execute(db);
  const bump = (row: 'new' | 'old') =>
    `update organizations set settings_version = settings_version + 1 where id = ${row}.org_id;`;
  await sql
    .raw(
      `create trigger org_settings_version_insert after insert on org_config_values
       begin ${bump('new')} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger org_settings_version_update after update on org_config_values
       begin ${bump('new')} ${bump('old')} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger org_settings_version_delete after delete on org_config_values
       begin ${bump('old')} end`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('drop trigger if exists org_settings_version on org_config_values').execute(db);
    await sql.raw('drop function if exists org_settings_version()').execute(db);
    await sql.raw('drop trigger if exists accounts_row_version on accounts').execute(db);
    await sql.raw('drop function if exists accounts_row_version()').execute(db);
  } else {
    for (const trigger of [
      'org_settings_version_delete',
      'org_settings_version_update',
      'org_settings_version_insert',
      'accounts_row_version',
    ]) {
      await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
    }
  }
  await db.schema.alterTable('organizations').dropColumn('settings_version').execute();
  await db.schema.alterTable('accounts').dropColumn('row_version').execute();
}

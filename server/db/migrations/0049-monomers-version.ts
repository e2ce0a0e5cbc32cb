import { type Kysely, sql } from 'kysely';
import { BIGINT, isPostgres } from '../dialect';

/**
 * `organizations.monomers_version`: goes up with every insert, update or delete of the organisation's own
 * monomers, by triggers, so an instance may keep what a search of its library finds (its ids in the list's
 * order, see monomers-repository.ts) while the number stays the same, whichever instance or SQL changed a
 * monomer. The system monomers (no organisation) are read on every page and move nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('organizations')
    .addColumn('monomers_version', BIGINT, (c) => c.notNull().defaultTo(0))
    .execute();
  if (isPostgres(db)) {
    // Inserts and deletes by statement: an import of thousands of monomers moves the number once.
    await sql
      .raw(
        `create function org_monomers_version_rows() returns trigger language plpgsql as $$
         begin
           if tg_op = 'INSERT' then
             update organizations set monomers_version = monomers_version + 1
               where id in (select distinct org_id from changed_rows);
           else
             update organizations set monomers_version = monomers_version + 1
               where id in (select distinct org_id from gone_rows);
           end if;
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create function org_monomers_version_row() returns trigger language plpgsql as $$
         begin
           update organizations set monomers_version = monomers_version + 1 where id in (old.org_id, new.org_id);
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger monomers_version_insert after insert on monomers referencing new table as changed_rows
         for each statement execute function org_monomers_version_rows()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger monomers_version_delete after delete on monomers referencing old table as gone_rows
         for each statement execute function org_monomers_version_rows()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger monomers_version_update after update on monomers
         for each row execute function org_monomers_version_row()`,
      )
      .execute(db);
    return;
  }
  const bump = (row: 'new' | 'old') =>
    `update organizations set monomers_version = monomers_version + 1 where id = ${row}.org_id;`;
  await sql
    .raw(`create trigger monomers_version_insert after insert on monomers begin ${bump('new')} end`)
    .execute(db);
  await sql
    .raw(`create trigger monomers_version_delete after delete on monomers begin ${bump('old')} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger monomers_version_update after update on monomers begin ${bump('new')} ${bump('old')} end`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['monomers_version_insert', 'monomers_version_delete', 'monomers_version_update']) {
    await sql
      .raw(
        isPostgres(db)
          ? `drop trigger if exists ${trigger} on monomers`
          : `drop trigger if exists ${trigger}`,
      )
      .execute(db);
  }
  if (isPostgres(db)) {
    await sql.raw('drop function if exists org_monomers_version_rows()').execute(db);
    await sql.raw('drop function if exists org_monomers_version_row()').execute(db);
  }
  await db.schema.alterTable('organizations').dropColumn('monomers_version').execute();
}

import type { Kysely } from 'kysely';
import { BIGINT, isPostgres } from '../dialect';

/**
 * Personal info: the member's industry area (a code of systemCode/industryArea) and their photo's bytes,
 * kept in the database so every instance serves it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('industry_area', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('account_photos')
    .addColumn('account_id', BIGINT, (c) => c.primaryKey().references('accounts.id'))
    .addColumn('org_id', BIGINT, (c) => c.notNull())
    .addColumn('content_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('data', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_photos').ifExists().execute();
  await db.schema.alterTable('accounts').dropColumn('industry_area').execute();
}

import type { Kysely } from 'kysely';
import { BIGINT, isPostgres } from '../dialect';

/**
 * Organisation info and departments: the organisation's industry and contact, its logo's bytes (kept in
 * the database so every instance serves it), and the indexes the department tree and its member counts read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('organizations')
    .addColumn('industry', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('organizations')
    .addColumn('contact', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('organization_logos')
    .addColumn('org_id', BIGINT, (c) => c.primaryKey().references('organizations.id'))
    .addColumn('content_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('data', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('departments_org_parent')
    .on('departments')
    .columns(['org_id', 'parent_id'])
    .execute();
  await db.schema
    .createIndex('accounts_org_dept_members')
    .on('accounts')
    .columns(['org_id', 'dept_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('accounts_org_dept_members').ifExists().execute();
  await db.schema.dropIndex('departments_org_parent').ifExists().execute();
  await db.schema.dropTable('organization_logos').ifExists().execute();
  await db.schema.alterTable('organizations').dropColumn('contact').execute();
  await db.schema.alterTable('organizations').dropColumn('industry').execute();
}

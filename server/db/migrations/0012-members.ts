import { type Kysely, sql } from 'kysely';
import { BIGINT, isPostgres } from '../dialect';

/**
 * Member management: an account's direct superior, the department a removed member left (restored with
 * it when it still exists; the live dept_id is cleared so a department empties when its members go), and
 * the indexes of the administrators' member list. The list pages by id within an organisation and status,
 * and its search is a prefix of the lower-case name, the mobile number or the email: each an index range
 * (on PostgreSQL under the "C" collation, so a range is exactly a prefix whatever the database's locale).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('superior_id', BIGINT).execute();
  await db.schema.alterTable('accounts').addColumn('removed_dept_id', BIGINT).execute();

  await db.schema
    .createIndex('accounts_org_status_id')
    .on('accounts')
    .columns(['org_id', 'status', 'id'])
    .execute();
  const pg = isPostgres(db);
  const searchable = (column: string, lower: boolean) => {
    const value = lower ? `lower(${column})` : column;
    return pg ? `(${value} collate "C")` : value;
  };
  await sql
    .raw(`create index accounts_org_name_search on accounts (org_id, ${searchable('real_name', true)})`)
    .execute(db);
  await sql
    .raw(`create index accounts_org_mobile_search on accounts (org_id, ${searchable('mobile', false)})`)
    .execute(db);
  await sql
    .raw(`create index accounts_org_email_search on accounts (org_id, ${searchable('email', false)})`)
    .execute(db);
  await db.schema
    .createIndex('account_products_org_product')
    .on('account_products')
    .columns(['org_id', 'product_id', 'account_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'account_products_org_product',
    'accounts_org_email_search',
    'accounts_org_mobile_search',
    'accounts_org_name_search',
    'accounts_org_status_id',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await db.schema.alterTable('accounts').dropColumn('removed_dept_id').execute();
  await db.schema.alterTable('accounts').dropColumn('superior_id').execute();
}

import { type Kysely, sql } from 'kysely';
import { BIGINT, isPostgres } from '../dialect';

/**
 * Member management: an account's direct superior, the department a removed member left (restored with
 * it when it still exists; the live dept_id is cleared so a department empties when its members go), and
 * the indexes of the administrators' member list: partial indexes of an organisation's members (not former
 * ones) by id, by lower-case name, by mobile and by email. A search is a prefix of one of them, so a page
 * at any depth and its count walk one range (on PostgreSQL under the "C" collation, so a range is exactly a
 * prefix whatever the database's locale).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('superior_id', BIGINT).execute();
  await db.schema.alterTable('accounts').addColumn('removed_dept_id', BIGINT).execute();

  const pg = isPostgres(db);
  const searchable = (column: string, lower: boolean) => {
    const value = lower ? `lower(${column})` : column;
    return pg ? `(${value} collate "C")` : value;
  };
  // Partial indexes of members only (former members are few and read apart): the list's queries say
  // `status != 'removed'` in these words so both engines use them.
  const members = `where status != 'removed'`;
  const indexes: Array<[name: string, columns: string]> = [
    ['accounts_members_by_id', 'org_id, id'],
    ['accounts_members_by_name', `org_id, ${searchable('real_name', true)}`],
    ['accounts_members_by_mobile', `org_id, ${searchable('mobile', false)}`],
    ['accounts_members_by_email', `org_id, ${searchable('email', false)}`],
  ];
  for (const [name, columns] of indexes) {
    await sql.raw(`create index ${name} on accounts (${columns}) ${members}`).execute(db);
  }
  await sql
    .raw(`create index accounts_former_members on accounts (org_id, removed_at) where status = 'removed'`)
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
    'accounts_former_members',
    'accounts_members_by_email',
    'accounts_members_by_mobile',
    'accounts_members_by_name',
    'accounts_members_by_id',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await db.schema.alterTable('accounts').dropColumn('removed_dept_id').execute();
  await db.schema.alterTable('accounts').dropColumn('superior_id').execute();
}

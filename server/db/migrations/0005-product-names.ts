import type { Kysely } from 'kysely';

/**
 * One word for the suite's products: the tables the foundation named after "platforms" (a word the client
 * keeps for the chat hosts it runs in) are renamed, with their product columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('platforms').renameTo('products').execute();
  await db.schema.alterTable('org_platforms').renameTo('org_products').execute();
  await db.schema.alterTable('account_platforms').renameTo('account_products').execute();
  await db.schema.alterTable('org_products').renameColumn('platform_id', 'product_id').execute();
  await db.schema.alterTable('account_products').renameColumn('platform_id', 'product_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('account_products').renameColumn('product_id', 'platform_id').execute();
  await db.schema.alterTable('org_products').renameColumn('product_id', 'platform_id').execute();
  await db.schema.alterTable('account_products').renameTo('account_platforms').execute();
  await db.schema.alterTable('org_products').renameTo('org_platforms').execute();
  await db.schema.alterTable('products').renameTo('platforms').execute();
}

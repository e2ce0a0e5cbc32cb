import type { Kysely } from 'kysely';
import { BIGINT } from '../dialect';

/**
 * Product authorisation and menu-page access: how many seats each licensed product has (null: as many as
 * the organisation has members), which products the members' card home leaves out, and the menu pages an
 * administrator hid from a role type or granted or hid per member (SPEC §2, §6).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('org_products').addColumn('seats', 'integer').execute();

  await db.schema
    .createTable('org_product_display')
    .addColumn('org_id', BIGINT, (c) => c.notNull().references('organizations.id'))
    .addColumn('product_id', BIGINT, (c) => c.notNull().references('products.id'))
    .addColumn('hidden_at', BIGINT, (c) => c.notNull())
    .addPrimaryKeyConstraint('org_product_display_pk', ['org_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('org_menu_hidden')
    .addColumn('org_id', BIGINT, (c) => c.notNull().references('organizations.id'))
    .addColumn('role_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('menu_code', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('org_menu_hidden_pk', ['org_id', 'role_type', 'menu_code'])
    .execute();

  await db.schema
    .createTable('account_menus')
    .addColumn('org_id', BIGINT, (c) => c.notNull().references('organizations.id'))
    .addColumn('account_id', BIGINT, (c) => c.notNull().references('accounts.id'))
    .addColumn('menu_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('has_auth', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_menus_pk', ['account_id', 'menu_code'])
    .execute();
  await db.schema
    .createIndex('account_menus_org')
    .on('account_menus')
    .columns(['org_id', 'account_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_menus').ifExists().execute();
  await db.schema.dropTable('org_menu_hidden').ifExists().execute();
  await db.schema.dropTable('org_product_display').ifExists().execute();
  await db.schema.alterTable('org_products').dropColumn('seats').execute();
}

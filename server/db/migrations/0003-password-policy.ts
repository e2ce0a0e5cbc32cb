import type { Kysely } from 'kysely';
import { BIGINT, withId } from '../dialect';

/**
 * Password policy per organisation (absent: the deployment defaults), the history of each account's earlier
 * password hashes, and the reason a session must change its password before anything else.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('password_policies')
    .addColumn('org_id', BIGINT, (c) => c.primaryKey().references('organizations.id'))
    .addColumn('min_length', 'integer', (c) => c.notNull())
    .addColumn('max_length', 'integer', (c) => c.notNull())
    // Comma-separated character classes: upper, lower, digit, symbol, letter; empty for none.
    .addColumn('required_classes', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('expiry', 'varchar(16)', (c) => c.notNull().defaultTo('never'))
    .addColumn('history_depth', 'integer', (c) => c.notNull())
    .addColumn('lock_after', 'integer', (c) => c.notNull())
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('password_history'))
    .addColumn('org_id', BIGINT, (c) => c.notNull().references('organizations.id'))
    .addColumn('account_id', BIGINT, (c) => c.notNull().references('accounts.id'))
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('password_history_account')
    .on('password_history')
    .columns(['account_id', 'created_at'])
    .execute();

  await db.schema.alterTable('sessions').addColumn('password_change_reason', 'varchar(10)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('password_change_reason').execute();
  await db.schema.dropTable('password_history').ifExists().execute();
  await db.schema.dropTable('password_policies').ifExists().execute();
}

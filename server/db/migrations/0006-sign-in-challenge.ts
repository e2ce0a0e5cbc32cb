import type { Kysely } from 'kysely';
import { BIGINT } from '../dialect';

/**
 * Security verification at sign-in: each organisation's setting, the challenges a right password opens
 * (only a hash of the token is kept; a challenge works once, from one address, within ten minutes), and
 * the devices (a hash of the device cookie) and addresses each account has signed in from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('org_sign_in_settings')
    .addColumn('org_id', BIGINT, (c) => c.primaryKey())
    .addColumn('secondary_verification', 'varchar(16)', (c) => c.notNull())
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sign_in_challenges')
    .addColumn('token_hash', 'char(64)', (c) => c.primaryKey())
    .addColumn('org_id', BIGINT, (c) => c.notNull())
    .addColumn('account_id', BIGINT, (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('login_name', 'varchar(300)', (c) => c.notNull())
    .addColumn('auto_login', 'integer', (c) => c.notNull())
    .addColumn('product', 'varchar(32)', (c) => c.notNull())
    .addColumn('login_client', 'varchar(32)', (c) => c.notNull())
    .addColumn('password_change_reason', 'varchar(16)')
    .addColumn('recipient', 'varchar(254)')
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('expires_at', BIGINT, (c) => c.notNull())
    .addColumn('used_at', BIGINT)
    .execute();
  await db.schema
    .createIndex('sign_in_challenges_expiry')
    .on('sign_in_challenges')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('sign_in_sources')
    .addColumn('account_id', BIGINT, (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('value', 'varchar(64)', (c) => c.notNull())
    .addColumn('org_id', BIGINT, (c) => c.notNull())
    .addColumn('first_seen_at', BIGINT, (c) => c.notNull())
    .addColumn('last_seen_at', BIGINT, (c) => c.notNull())
    .addPrimaryKeyConstraint('sign_in_sources_pk', ['account_id', 'kind', 'value'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sign_in_sources', 'sign_in_challenges', 'org_sign_in_settings']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

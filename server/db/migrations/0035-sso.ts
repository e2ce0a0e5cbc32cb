import type { Kysely } from 'kysely';
import { BIGINT } from '../dialect';

/** The SSO client (#19): each organisation's configuration and the flows started against it. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('org_sso_settings')
    .addColumn('org_id', BIGINT, (c) => c.primaryKey().references('organizations.id'))
    .addColumn('sso_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('setting', 'text', (c) => c.notNull())
    .addColumn('client_secret', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('setting_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('debugged_hash', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('last_debug', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('break_glass_account_id', BIGINT)
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sso_states')
    .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('org_id', BIGINT, (c) => c.notNull().references('organizations.id'))
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(128)', (c) => c.notNull())
    .addColumn('account_id', BIGINT)
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('expires_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sso_states_expiry').on('sso_states').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sso_states', 'org_sso_settings']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

import type { Kysely } from 'kysely';
import { BIGINT, withId } from '../dialect';

/**
 * Chat hosts (DingTalk, Feishu, WeCom, WeChat): each organisation's integration with a host (its secret
 * encrypted), the host identities bound to accounts, the platforms' access tokens shared by every
 * instance, and the single-use OAuth states and bind tickets of host sign-in (kept only as hashes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('host_integrations'))
    .addColumn('org_id', BIGINT, (c) => c.notNull().references('organizations.id'))
    .addColumn('platform', 'varchar(16)', (c) => c.notNull())
    .addColumn('corp_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('app_key', 'varchar(128)', (c) => c.notNull())
    .addColumn('app_secret', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('agent_id', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('products', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .addUniqueConstraint('host_integrations_org_platform', ['org_id', 'platform'])
    .addUniqueConstraint('host_integrations_platform_corp', ['platform', 'corp_id'])
    .execute();

  await db.schema
    .createTable('host_bindings')
    .addColumn('org_id', BIGINT, (c) => c.notNull().references('organizations.id'))
    .addColumn('platform', 'varchar(16)', (c) => c.notNull())
    .addColumn('host_user_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('open_id', 'varchar(128)')
    .addColumn('union_id', 'varchar(128)')
    .addColumn('account_id', BIGINT, (c) => c.notNull().references('accounts.id'))
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addPrimaryKeyConstraint('host_bindings_pk', ['org_id', 'platform', 'host_user_id'])
    .execute();
  await db.schema
    .createIndex('host_bindings_union')
    .on('host_bindings')
    .columns(['org_id', 'platform', 'union_id'])
    .execute();
  await db.schema
    .createIndex('host_bindings_account')
    .on('host_bindings')
    .columns(['org_id', 'account_id'])
    .execute();

  await db.schema
    .createTable('host_tokens')
    .addColumn('integration_id', BIGINT, (c) => c.notNull().references('host_integrations.id'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('expires_at', BIGINT, (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('lease_until', BIGINT, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('host_tokens_pk', ['integration_id', 'kind'])
    .execute();

  await db.schema
    .createTable('host_oauth_states')
    .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('integration_id', BIGINT, (c) => c.notNull().references('host_integrations.id'))
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('expires_at', BIGINT, (c) => c.notNull())
    .addColumn('used_at', BIGINT)
    .execute();
  await db.schema
    .createIndex('host_oauth_states_expiry')
    .on('host_oauth_states')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('host_bind_tickets')
    .addColumn('ticket_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('org_id', BIGINT, (c) => c.notNull().references('organizations.id'))
    .addColumn('platform', 'varchar(16)', (c) => c.notNull())
    .addColumn('host_user_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('open_id', 'varchar(128)')
    .addColumn('union_id', 'varchar(128)')
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('expires_at', BIGINT, (c) => c.notNull())
    .addColumn('used_at', BIGINT)
    .execute();
  await db.schema
    .createIndex('host_bind_tickets_expiry')
    .on('host_bind_tickets')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'host_bind_tickets',
    'host_oauth_states',
    'host_tokens',
    'host_bindings',
    'host_integrations',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

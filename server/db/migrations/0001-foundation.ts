import { type Kysely, sql } from 'kysely';
import { BIGINT, withId } from '../dialect';

/** Organisations, departments, accounts, products and their licences, sessions, nonces and the logs. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('organizations'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('logo', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('openness_authorized', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('departments'))
    .addColumn('org_id', BIGINT, (c) => c.notNull().references('organizations.id'))
    .addColumn('parent_id', BIGINT, (c) => c.references('departments.id'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('manager_account_id', BIGINT)
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('departments_org').on('departments').column('org_id').execute();

  await withId(db, db.schema.createTable('accounts'))
    .addColumn('org_id', BIGINT, (c) => c.notNull().references('organizations.id'))
    .addColumn('dept_id', BIGINT, (c) => c.references('departments.id'))
    .addColumn('real_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('mobile', 'varchar(20)', (c) => c.unique())
    .addColumn('email', 'varchar(254)', (c) => c.unique())
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('active'))
    .addColumn('is_org_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('login_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lang', 'varchar(10)', (c) => c.notNull().defaultTo('zh-CN'))
    .addColumn('ui_version', 'varchar(10)', (c) => c.notNull().defaultTo('NEW'))
    .addColumn('photo', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('password_changed_at', BIGINT, (c) => c.notNull())
    .addColumn('is_home_guided', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_personal_center_guided', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('last_login_at', BIGINT)
    .addColumn('removed_at', BIGINT)
    .execute();
  await db.schema.createIndex('accounts_org_status').on('accounts').columns(['org_id', 'status']).execute();

  await withId(db, db.schema.createTable('platforms'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('web_url', 'varchar(500)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('org_platforms')
    .addColumn('org_id', BIGINT, (c) => c.notNull().references('organizations.id'))
    .addColumn('platform_id', BIGINT, (c) => c.notNull().references('platforms.id'))
    .addColumn('granted_at', BIGINT, (c) => c.notNull())
    .addPrimaryKeyConstraint('org_platforms_pk', ['org_id', 'platform_id'])
    .execute();

  await db.schema
    .createTable('account_platforms')
    .addColumn('org_id', BIGINT, (c) => c.notNull().references('organizations.id'))
    .addColumn('account_id', BIGINT, (c) => c.notNull().references('accounts.id'))
    .addColumn('platform_id', BIGINT, (c) => c.notNull().references('platforms.id'))
    .addColumn('granted_at', BIGINT, (c) => c.notNull())
    .addPrimaryKeyConstraint('account_platforms_pk', ['account_id', 'platform_id'])
    .execute();

  await withId(db, db.schema.createTable('sessions'))
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('account_id', BIGINT, (c) => c.notNull().references('accounts.id'))
    .addColumn('org_id', BIGINT, (c) => c.notNull().references('organizations.id'))
    .addColumn('auto_login', 'integer', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('last_seen_at', BIGINT, (c) => c.notNull())
    .addColumn('revoked_at', BIGINT)
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(500)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_account').on('sessions').column('account_id').execute();
  await db.schema.createIndex('sessions_created').on('sessions').column('created_at').execute();

  await db.schema
    .createTable('request_nonces')
    .addColumn('nonce', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('expires_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('request_nonces_expiry').on('request_nonces').column('expires_at').execute();

  await db.schema
    .createTable('auth_failures')
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', BIGINT, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('login_logs'))
    .addColumn('org_id', BIGINT)
    .addColumn('account_id', BIGINT)
    .addColumn('account', 'varchar(254)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('browser', 'varchar(64)', (c) => c.notNull())
    .addColumn('product', 'varchar(32)', (c) => c.notNull())
    .addColumn('login_client', 'varchar(32)', (c) => c.notNull())
    .addColumn('success', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(100)')
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_logs_org_time')
    .on('login_logs')
    .columns(['org_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('login_logs_account_time')
    .on('login_logs')
    .columns(['account_id', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('operation_logs'))
    .addColumn('org_id', BIGINT, (c) => c.notNull())
    .addColumn('operator_id', BIGINT)
    .addColumn('operator_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('module', 'varchar(64)', (c) => c.notNull())
    .addColumn('content', 'varchar(2000)', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('operation_logs_org_time')
    .on('operation_logs')
    .columns(['org_id', 'created_at'])
    .execute();

  // The product catalogue is the same for every organisation; URLs are set per deployment by the operator.
  const products = ['ELN', 'CIMS', 'LIMS', 'PM', 'IM', 'STABILITY', 'MOLSIM', 'SDH'];
  for (const [index, code] of products.entries()) {
    await sql`insert into platforms (code, sort, web_url) values (${code}, ${index + 1}, ${`https://${code.toLowerCase()}.example.com/`})`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'operation_logs',
    'login_logs',
    'auth_failures',
    'request_nonces',
    'sessions',
    'account_platforms',
    'org_platforms',
    'platforms',
    'accounts',
    'departments',
    'organizations',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

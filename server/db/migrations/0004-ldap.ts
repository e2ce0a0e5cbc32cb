import type { Kysely } from 'kysely';
import { BIGINT } from '../dialect';

/**
 * AD/LDAP sign-in: each organisation's directory setting, the domains its users type (a domain belongs to
 * one organisation), and the link from a directory user name to the portal account it signs in as.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('org_ldap_settings')
    .addColumn('org_id', BIGINT, (c) => c.primaryKey().references('organizations.id'))
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    .addColumn('start_tls', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tls_ca', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tls_skip_verify', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_dn_template', 'varchar(500)', (c) => c.notNull())
    .addColumn('base_dn', 'varchar(500)', (c) => c.notNull())
    .addColumn('search_filter', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('name_attribute', 'varchar(64)', (c) => c.notNull().defaultTo('cn'))
    .addColumn('mail_attribute', 'varchar(64)', (c) => c.notNull().defaultTo('mail'))
    .addColumn('mobile_attribute', 'varchar(64)', (c) => c.notNull().defaultTo('mobile'))
    .addColumn('provision', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('ldap_domains')
    .addColumn('domain', 'varchar(253)', (c) => c.primaryKey())
    .addColumn('org_id', BIGINT, (c) => c.notNull().references('organizations.id'))
    .execute();
  await db.schema.createIndex('ldap_domains_org').on('ldap_domains').column('org_id').execute();

  await db.schema
    .createTable('ldap_identities')
    .addColumn('org_id', BIGINT, (c) => c.notNull().references('organizations.id'))
    .addColumn('username', 'varchar(254)', (c) => c.notNull())
    .addColumn('account_id', BIGINT, (c) => c.notNull().references('accounts.id'))
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addPrimaryKeyConstraint('ldap_identities_pk', ['org_id', 'username'])
    .execute();
  await db.schema.createIndex('ldap_identities_account').on('ldap_identities').column('account_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['ldap_identities', 'ldap_domains', 'org_ldap_settings']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

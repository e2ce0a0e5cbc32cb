import type { Kysely } from 'kysely';
import { BIGINT } from '../dialect';

/**
 * Organisation governance: the IP whitelist (its switch and its lines as the administrator typed them,
 * parsed again when read) and the unrestricted members it does not apply to; and the operation log's
 * keyset indexes: newest first within an organisation, optionally within one module or one operator, with
 * the id as the tie-breaker so a page boundary is exact.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('org_ip_whitelists')
    .addColumn('org_id', BIGINT, (c) => c.primaryKey().references('organizations.id'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lines', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('ip_unrestricted_accounts')
    .addColumn('org_id', BIGINT, (c) => c.notNull().references('organizations.id'))
    .addColumn('account_id', BIGINT, (c) => c.notNull().references('accounts.id'))
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addPrimaryKeyConstraint('ip_unrestricted_accounts_pk', ['org_id', 'account_id'])
    .execute();

  await db.schema
    .createIndex('operation_logs_org_time_id')
    .on('operation_logs')
    .columns(['org_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('operation_logs_org_module_time')
    .on('operation_logs')
    .columns(['org_id', 'module', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('operation_logs_org_operator_time')
    .on('operation_logs')
    .columns(['org_id', 'operator_id', 'created_at', 'id'])
    .execute();
  // The (org_id, created_at, id) index covers what the first one did.
  await db.schema.dropIndex('operation_logs_org_time').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('operation_logs_org_time')
    .on('operation_logs')
    .columns(['org_id', 'created_at'])
    .execute();
  for (const index of [
    'operation_logs_org_operator_time',
    'operation_logs_org_module_time',
    'operation_logs_org_time_id',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await db.schema.dropTable('ip_unrestricted_accounts').ifExists().execute();
  await db.schema.dropTable('org_ip_whitelists').ifExists().execute();
}

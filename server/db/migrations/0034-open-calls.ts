import type { Kysely } from 'kysely';
import { BIGINT, withId } from '../dialect';

/**
 * The open API's calls (issue 19): one row per call, which is both the interface log (SPEC §3: request
 * id, times, api name, application, sync and response status, url, bodies with secrets redacted, operator)
 * and, for a call whose organisation delays its effect, the queue it waits in (sync_status 0 with
 * `due_at`, leased by one instance at a time through `lease_until`). An organisation's delay hours, and
 * the external ids its own systems name members and departments by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('open_calls'))
    .addColumn('org_id', BIGINT, (c) => c.notNull())
    .addColumn('req_id', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('credential_id', BIGINT)
    .addColumn('application', 'varchar(100)', (c) => c.notNull())
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('api_name', 'varchar(60)', (c) => c.notNull())
    .addColumn('request_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('request_body', 'text', (c) => c.notNull())
    .addColumn('response_body', 'text', (c) => c.notNull())
    // SPEC §3 sync status: 0 queued, 1 success, 2 fail, 4 cancelled.
    .addColumn('sync_status', 'integer', (c) => c.notNull())
    .addColumn('response_status', 'integer', (c) => c.notNull())
    .addColumn('api_status_code', 'integer', (c) => c.notNull())
    .addColumn('api_status', 'varchar(500)', (c) => c.notNull())
    .addColumn('operator', 'varchar(200)', (c) => c.notNull())
    .addColumn('request_time', BIGINT, (c) => c.notNull())
    .addColumn('response_time', BIGINT)
    .addColumn('revoke_time', BIGINT)
    .addColumn('due_at', BIGINT)
    .addColumn('lease_until', BIGINT)
    .addColumn('idempotency_key', 'varchar(100)')
    .execute();
  await db.schema.createIndex('open_calls_org_id').on('open_calls').columns(['org_id', 'id']).execute();
  await db.schema
    .createIndex('open_calls_org_status_id')
    .on('open_calls')
    .columns(['org_id', 'sync_status', 'id'])
    .execute();
  await db.schema.createIndex('open_calls_due').on('open_calls').columns(['sync_status', 'due_at']).execute();
  await db.schema.createIndex('open_calls_request_time').on('open_calls').column('request_time').execute();
  await db.schema
    .createIndex('open_calls_idempotency')
    .on('open_calls')
    .columns(['org_id', 'idempotency_key'])
    .unique()
    .execute();
  await db.schema
    .createTable('org_open_settings')
    .addColumn('org_id', BIGINT, (c) => c.primaryKey())
    .addColumn('delay_hours', 'integer', (c) => c.notNull())
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('open_external_ids')
    .addColumn('org_id', BIGINT, (c) => c.notNull())
    // `member` or `department`.
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('external_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('target_id', BIGINT, (c) => c.notNull())
    .addPrimaryKeyConstraint('open_external_ids_pk', ['org_id', 'kind', 'external_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('open_external_ids').ifExists().execute();
  await db.schema.dropTable('org_open_settings').ifExists().execute();
  await db.schema.dropTable('open_calls').ifExists().execute();
}

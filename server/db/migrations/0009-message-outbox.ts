import type { Kysely } from 'kysely';
import { BIGINT, withId } from '../dialect';

/**
 * Message push: the outbox of notifications to members inside their chat host (each queued once per
 * idempotency key, retried with backoff, leased by one sender at a time, kept with the platform's answer),
 * and the organisations' push keys that products send with (kept as SHA-256 hashes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('message_outbox'))
    .addColumn('org_id', BIGINT, (c) => c.notNull().references('organizations.id'))
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('platform', 'varchar(16)', (c) => c.notNull())
    .addColumn('account_id', BIGINT, (c) => c.notNull().references('accounts.id'))
    .addColumn('product', 'varchar(32)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('url', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', BIGINT, (c) => c.notNull())
    .addColumn('lease_owner', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('lease_until', BIGINT, (c) => c.notNull().defaultTo(0))
    .addColumn('platform_message_id', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('last_response', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .addColumn('sent_at', BIGINT)
    .addUniqueConstraint('message_outbox_idempotency', ['org_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('message_outbox_due')
    .on('message_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();

  await withId(db, db.schema.createTable('push_keys'))
    .addColumn('org_id', BIGINT, (c) => c.notNull().references('organizations.id'))
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('label', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('revoked_at', BIGINT)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_keys').ifExists().execute();
  await db.schema.dropTable('message_outbox').ifExists().execute();
}

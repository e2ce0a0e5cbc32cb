import type { Kysely } from 'kysely';

/**
 * The message-push screen lists an organisation's outbox newest first, a page at a time, optionally in one
 * state. The outbox's own indexes lead with the idempotency key and with the state across organisations;
 * with the organisation and id (and state) leading, a page and its count are one short range per
 * organisation however many messages the others queue.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('message_outbox_org_id')
    .on('message_outbox')
    .columns(['org_id', 'id'])
    .execute();
  await db.schema
    .createIndex('message_outbox_org_status_id')
    .on('message_outbox')
    .columns(['org_id', 'status', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('message_outbox_org_status_id').execute();
  await db.schema.dropIndex('message_outbox_org_id').execute();
}

import type { Kysely } from 'kysely';

/**
 * Devices and addresses unseen for SIGN_IN_SOURCE_RETENTION_MS are forgotten by the background pruning,
 * which then reads one short range of this index instead of the whole table every minute.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('sign_in_sources_last_seen')
    .on('sign_in_sources')
    .column('last_seen_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sign_in_sources_last_seen').execute();
}

import type { Kysely } from 'kysely';
import { BIGINT } from '../dialect';

/**
 * An organisation's watermark (SPEC §3): one row per organisation, its settings as JSON text, the picture
 * (png or jpeg within 50KB, checked by content) as a data: URL, and whether it is on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('org_watermarks')
    .addColumn('org_id', BIGINT, (col) => col.primaryKey().references('organizations.id'))
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('settings', 'text', (col) => col.notNull())
    .addColumn('image', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('updated_at', BIGINT, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('org_watermarks').ifExists().execute();
}

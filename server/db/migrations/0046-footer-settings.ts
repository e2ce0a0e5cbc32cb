import type { Kysely } from 'kysely';
import { BIGINT } from '../dialect';

/**
 * The footer's filing information and external links as the operator set them with `npm run cli --
 * footer:set` (one row, id 1); without the row the environment's FOOTER_* values hold.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('footer_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('filing_text', 'varchar(200)')
    .addColumn('filing_url', 'varchar(2000)')
    .addColumn('links', 'text', (c) => c.notNull())
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('footer_settings').execute();
}

import type { Kysely } from 'kysely';
import { BIGINT } from '../dialect';

/**
 * Each product's handover hook (SPEC §5 Members: before members are removed, the handover of their roles,
 * approvals, to-dos and tests is checked): the HTTP callback the operator set for the product and the
 * shared secret its calls are signed with (HMAC-SHA256), sealed with the secrets key. One row per product;
 * no row: the product has nothing to hand over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('product_handover_hooks')
    .addColumn('product_id', BIGINT, (col) => col.primaryKey().references('products.id'))
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('secret_sealed', 'text', (col) => col.notNull())
    .addColumn('updated_at', BIGINT, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('product_handover_hooks').ifExists().execute();
}

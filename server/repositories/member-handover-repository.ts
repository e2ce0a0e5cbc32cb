import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

/** A product's handover hook as stored: the secret is still sealed. */
export interface StoredHandoverHook {
  productId: number;
  code: string;
  url: string;
  secretSealed: string;
}

/**
 * The products' handover hooks (0024-handover): set by the operator, one per product, deployment-wide
 * (a product serves every organisation, so its hook does too).
 */
export function createMemberHandoverRepository(db: Kysely<Database>) {
  return {
    /** The hooks of the given products (those with none are absent). */
    async findForProducts(productIds: number[]): Promise<StoredHandoverHook[]> {
      if (productIds.length === 0) return [];
      const rows = await db
        .selectFrom('product_handover_hooks as h')
        .innerJoin('products as p', 'p.id', 'h.product_id')
        .select(['h.product_id', 'p.code', 'h.url', 'h.secret_sealed'])
        .where('h.product_id', 'in', productIds)
        .execute();
      return rows.map((row) => ({
        productId: Number(row.product_id),
        code: row.code,
        url: row.url,
        secretSealed: row.secret_sealed,
      }));
    },

    /** Sets (or replaces) a product's hook. */
    async save(productId: number, url: string, secretSealed: string, now: number): Promise<void> {
      await db
        .insertInto('product_handover_hooks')
        .values({ product_id: productId, url, secret_sealed: secretSealed, updated_at: now })
        .onConflict((conflict) =>
          conflict.column('product_id').doUpdateSet({ url, secret_sealed: secretSealed, updated_at: now }),
        )
        .execute();
    },

    /** Removes a product's hook; true when there was one. */
    async remove(productId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('product_handover_hooks')
        .where('product_id', '=', productId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

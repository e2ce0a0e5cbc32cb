import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { productHolderCount } from './product-holders';

/** A product the organisation is licensed for, with its seats (null: no limit) and holders now. */
export interface LicensedProduct {
  id: number;
  code: string;
  seats: number | null;
  used: number;
}

/**
 * Product authorisation: the organisation's licences with their seats, which members hold which, and the
 * products its card homes leave out. Every call is scoped by the organisation; members who were removed
 * hold no seat.
 */
export function createAuthorisationRepository(db: Kysely<Database>) {
  return {
    /** The organisation's licensed products in display order, with seats and how many members hold each. */
    async licensedProducts(orgId: number): Promise<LicensedProduct[]> {
      const rows = await db
        .selectFrom('org_products as op')
        .innerJoin('products as p', 'p.id', 'op.product_id')
        .select([
          'p.id',
          'p.code',
          'op.seats',
          (eb) => productHolderCount(eb, orgId).where('a.org_id', '=', orgId).as('used'),
        ])
        .where('op.org_id', '=', orgId)
        .orderBy('p.sort')
        .execute();
      return rows.map((row) => ({
        id: Number(row.id),
        code: row.code,
        seats: row.seats === null ? null : Number(row.seats),
        used: Number(row.used ?? 0),
      }));
    },

    /** The product ids each of the accounts holds (within the organisation's licences or not). */
    async holdings(orgId: number, accountIds: number[]): Promise<Map<number, number[]>> {
      const held = new Map<number, number[]>(accountIds.map((id) => [id, []]));
      if (accountIds.length === 0) return held;
      const rows = await db
        .selectFrom('account_products')
        .select(['account_id', 'product_id'])
        .where('org_id', '=', orgId)
        .where('account_id', 'in', accountIds)
        .execute();
      for (const row of rows) held.get(Number(row.account_id))?.push(Number(row.product_id));
      return held;
    },

    /** Gives an account exactly these products of the organisation's licences (others it held stay). */
    async replaceLicences(
      orgId: number,
      accountId: number,
      licensedIds: number[],
      productIds: number[],
      now: number,
    ): Promise<void> {
      const drop = licensedIds.filter((id) => !productIds.includes(id));
      if (drop.length > 0) {
        await db
          .deleteFrom('account_products')
          .where('org_id', '=', orgId)
          .where('account_id', '=', accountId)
          .where('product_id', 'in', drop)
          .execute();
      }
      if (productIds.length === 0) return;
      await db
        .insertInto('account_products')
        .values(
          productIds.map((id) => ({ org_id: orgId, account_id: accountId, product_id: id, granted_at: now })),
        )
        .onConflict((conflict) => conflict.columns(['account_id', 'product_id']).doNothing())
        .execute();
    },

    /** Sets a licensed product's seats (null: no limit); false when the organisation is not licensed. */
    async setSeats(orgId: number, productId: number, seats: number | null): Promise<boolean> {
      const result = await db
        .updateTable('org_products')
        .set({ seats })
        .where('org_id', '=', orgId)
        .where('product_id', '=', productId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The product codes the organisation's card homes leave out. */
    async hiddenProductCodes(orgId: number): Promise<Set<string>> {
      const rows = await db
        .selectFrom('org_product_display as d')
        .innerJoin('products as p', 'p.id', 'd.product_id')
        .select('p.code')
        .where('d.org_id', '=', orgId)
        .execute();
      return new Set(rows.map((row) => row.code));
    },

    /** Hides exactly these products from the organisation's card homes. */
    async setHiddenProducts(orgId: number, productIds: number[], now: number): Promise<void> {
      await db.deleteFrom('org_product_display').where('org_id', '=', orgId).execute();
      if (productIds.length === 0) return;
      await db
        .insertInto('org_product_display')
        .values(productIds.map((id) => ({ org_id: orgId, product_id: id, hidden_at: now })))
        .execute();
    },
  };
}

export type AuthorisationRepository = ReturnType<typeof createAuthorisationRepository>;

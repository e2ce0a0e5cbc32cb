import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/tables';

export interface AccountProduct {
  id: number;
  code: string;
  webUrl: string;
  /** Licensed to the organisation and granted to the account. */
  authorized: boolean;
}

/** The product catalogue and who may use which product. */
export function createProductsRepository(db: Kysely<Database>) {
  return {
    /** Every product in display order, each marked authorised or not for one account of one organisation. */
    async listForAccount(orgId: number, accountId: number): Promise<AccountProduct[]> {
      const rows = await db
        .selectFrom('products as p')
        .leftJoin('org_products as op', (join) =>
          join.onRef('op.product_id', '=', 'p.id').on('op.org_id', '=', orgId),
        )
        .leftJoin('account_products as ap', (join) =>
          join
            .onRef('ap.product_id', '=', 'p.id')
            .on('ap.account_id', '=', accountId)
            .on('ap.org_id', '=', orgId),
        )
        .select([
          'p.id',
          'p.code',
          'p.web_url',
          sql<number>`case when op.org_id is not null and ap.account_id is not null then 1 else 0 end`.as(
            'authorized',
          ),
        ])
        .orderBy('p.sort')
        .execute();
      return rows.map((row) => ({
        id: Number(row.id),
        code: row.code,
        webUrl: row.web_url,
        authorized: Number(row.authorized) === 1,
      }));
    },

    /** The codes of the products licensed to an organisation, in display order. */
    async listCodesForOrganization(orgId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('products as p')
        .innerJoin('org_products as op', 'op.product_id', 'p.id')
        .select('p.code')
        .where('op.org_id', '=', orgId)
        .orderBy('p.sort')
        .execute();
      return rows.map((row) => row.code);
    },

    async findByCodes(codes: string[]) {
      if (codes.length === 0) return [];
      return db.selectFrom('products').selectAll().where('code', 'in', codes).execute();
    },

    /** Licenses products to an organisation; already-licensed ones are left as they are. */
    async grantToOrganization(orgId: number, productIds: number[], now: number): Promise<void> {
      if (productIds.length === 0) return;
      await db
        .insertInto('org_products')
        .values(productIds.map((productId) => ({ org_id: orgId, product_id: productId, granted_at: now })))
        .onConflict((conflict) => conflict.columns(['org_id', 'product_id']).doNothing())
        .execute();
    },

    /** Grants products to an account of the organisation; already-granted ones are left as they are. */
    async grantToAccount(orgId: number, accountId: number, productIds: number[], now: number): Promise<void> {
      if (productIds.length === 0) return;
      await db
        .insertInto('account_products')
        .values(
          productIds.map((productId) => ({
            org_id: orgId,
            account_id: accountId,
            product_id: productId,
            granted_at: now,
          })),
        )
        .onConflict((conflict) => conflict.columns(['account_id', 'product_id']).doNothing())
        .execute();
    },

    async setWebUrl(code: string, webUrl: string): Promise<boolean> {
      const result = await db
        .updateTable('products')
        .set({ web_url: webUrl })
        .where('code', '=', code)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

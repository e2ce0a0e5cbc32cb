import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

/** One member's own setting of one product on the work table. */
export interface AppSetting {
  code: string;
  pinned: boolean;
  hidden: boolean;
}

/** A member's own work-table settings (account_app_settings): pinned products first, hidden ones apart. */
export function createWorkTableRepository(db: Kysely<Database>) {
  return {
    /** The member's settings, by product code, only for products they have set something on. */
    async list(orgId: number, accountId: number): Promise<AppSetting[]> {
      const rows = await db
        .selectFrom('account_app_settings as s')
        .innerJoin('products as p', 'p.id', 's.product_id')
        .select(['p.code', 's.pinned', 's.hidden'])
        .where('s.org_id', '=', orgId)
        .where('s.account_id', '=', accountId)
        .orderBy('p.id')
        .execute();
      return rows.map((row) => ({ code: row.code, pinned: row.pinned === 1, hidden: row.hidden === 1 }));
    },

    /** Writes the member's setting of one product (a row of both flags off is removed). */
    async save(
      orgId: number,
      accountId: number,
      productId: number,
      setting: { pinned: boolean; hidden: boolean },
      now: number,
    ): Promise<void> {
      await db
        .deleteFrom('account_app_settings')
        .where('org_id', '=', orgId)
        .where('account_id', '=', accountId)
        .where('product_id', '=', productId)
        .execute();
      if (!setting.pinned && !setting.hidden) return;
      await db
        .insertInto('account_app_settings')
        .values({
          org_id: orgId,
          account_id: accountId,
          product_id: productId,
          pinned: setting.pinned ? 1 : 0,
          hidden: setting.hidden ? 1 : 0,
          updated_at: now,
        })
        .execute();
    },
  };
}

export type WorkTableRepository = ReturnType<typeof createWorkTableRepository>;

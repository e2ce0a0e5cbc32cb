import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/tables';

export interface AccountPlatform {
  id: number;
  code: string;
  webUrl: string;
  /** Licensed to the organisation and granted to the account. */
  authorized: boolean;
}

/** The product catalogue and who may use which product. */
export function createPlatformsRepository(db: Kysely<Database>) {
  return {
    /** Every product in display order, each marked authorised or not for one account of one organisation. */
    async listForAccount(orgId: number, accountId: number): Promise<AccountPlatform[]> {
      const rows = await db
        .selectFrom('platforms as p')
        .leftJoin('org_platforms as op', (join) =>
          join.onRef('op.platform_id', '=', 'p.id').on('op.org_id', '=', orgId),
        )
        .leftJoin('account_platforms as ap', (join) =>
          join
            .onRef('ap.platform_id', '=', 'p.id')
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

    async findByCodes(codes: string[]) {
      if (codes.length === 0) return [];
      return db.selectFrom('platforms').selectAll().where('code', 'in', codes).execute();
    },

    /** Licenses products to an organisation; already-licensed ones are left as they are. */
    async grantToOrganization(orgId: number, platformIds: number[], now: number): Promise<void> {
      if (platformIds.length === 0) return;
      await db
        .insertInto('org_platforms')
        .values(
          platformIds.map((platformId) => ({ org_id: orgId, platform_id: platformId, granted_at: now })),
        )
        .onConflict((conflict) => conflict.columns(['org_id', 'platform_id']).doNothing())
        .execute();
    },

    /** Grants products to an account of the organisation; already-granted ones are left as they are. */
    async grantToAccount(
      orgId: number,
      accountId: number,
      platformIds: number[],
      now: number,
    ): Promise<void> {
      if (platformIds.length === 0) return;
      await db
        .insertInto('account_platforms')
        .values(
          platformIds.map((platformId) => ({
            org_id: orgId,
            account_id: accountId,
            platform_id: platformId,
            granted_at: now,
          })),
        )
        .onConflict((conflict) => conflict.columns(['account_id', 'platform_id']).doNothing())
        .execute();
    },

    async setWebUrl(code: string, webUrl: string): Promise<boolean> {
      const result = await db
        .updateTable('platforms')
        .set({ web_url: webUrl })
        .where('code', '=', code)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

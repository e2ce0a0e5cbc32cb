import type { Kysely } from 'kysely';
import type { Database, TermsAgreementsTable } from '../db/tables';

/** The terms each account last agreed to at sign-in. */
export function createTermsAgreementsRepository(db: Kysely<Database>) {
  return {
    /** Records that an account agreed to a version of the terms now (replacing what it agreed to before). */
    async record(row: { orgId: number; accountId: number; version: string; now: number }): Promise<void> {
      const values = { terms_version: row.version, agreed_at: row.now };
      await db
        .insertInto('terms_agreements')
        .values({ account_id: row.accountId, org_id: row.orgId, ...values })
        .onConflict((conflict) => conflict.column('account_id').doUpdateSet(values))
        .execute();
    },

    /** What an account of the organisation last agreed to, if anything. */
    async find(orgId: number, accountId: number): Promise<TermsAgreementsTable | undefined> {
      return db
        .selectFrom('terms_agreements')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
    },
  };
}

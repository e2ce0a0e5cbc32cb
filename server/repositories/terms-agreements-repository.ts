import type { Kysely } from 'kysely';
import { compiledOnce } from '../db/compiled-once';
import type { Statement } from '../db/one-commit';
import type { Database, TermsAgreementsTable } from '../db/tables';

/** The terms each account last agreed to at sign-in. */
export function createTermsAgreementsRepository(db: Kysely<Database>) {
  // A sign-in records one in its session's transaction when the version in force is new to the account:
  // built and compiled once per engine.
  const upsert = compiledOnce(
    db,
    (accountId: number, orgId: number, version: string, now: number) =>
      db
        .insertInto('terms_agreements')
        .values({ account_id: accountId, org_id: orgId, terms_version: version, agreed_at: now })
        .onConflict((conflict) =>
          conflict.column('account_id').doUpdateSet({ terms_version: version, agreed_at: now }),
        ),
    4,
    'terms_agreements.record',
  );
  return {
    /** Records that an account agreed to a version of the terms now (replacing what it agreed to before). */
    async record(row: { orgId: number; accountId: number; version: string; now: number }): Promise<void> {
      await upsert(row.accountId, row.orgId, row.version, row.now);
    },

    /** record as one of a commit's writes (one-commit.ts). */
    recordWrite(row: { orgId: number; accountId: number; version: string; now: number }): Statement {
      return upsert.statement(row.accountId, row.orgId, row.version, row.now);
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

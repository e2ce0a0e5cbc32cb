import type { Kysely } from 'kysely';
import { BIGINT } from '../dialect';

/**
 * The terms an account agreed to at sign-in (issue 23): one row per account with the version of the terms
 * (the agreement and privacy documents) it last agreed to, and when.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('terms_agreements')
    .addColumn('account_id', BIGINT, (c) => c.primaryKey().references('accounts.id'))
    .addColumn('org_id', BIGINT, (c) => c.notNull())
    .addColumn('terms_version', 'varchar(64)', (c) => c.notNull())
    .addColumn('agreed_at', BIGINT, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('terms_agreements').execute();
}

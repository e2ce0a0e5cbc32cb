import type { Kysely } from 'kysely';

/**
 * The organisation's login log filtered by result, and the active-user report (distinct members with a
 * successful sign-in per day or month), both read one organisation's successes or failures over a window.
 * With organisation, result and time leading, each is one range of this index; the account id beside the
 * time lets the report count distinct members from the index alone, without reading the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('login_logs_org_result_time_account')
    .on('login_logs')
    .columns(['org_id', 'success', 'created_at', 'account_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('login_logs_org_result_time_account').execute();
}

import type { Kysely } from 'kysely';

/**
 * The account-security notice asks for an account's last successful sign-in and its failures since. The
 * (account_id, created_at) index answers that only by walking past every failure in between, and a
 * password-spraying run can leave thousands on one account (a locked account still logs each attempt);
 * worse, with the organisation in the condition SQLite chose the (org_id, created_at) index and read the
 * whole organisation's window. With organisation, account and result leading, both reads are one short
 * range however many failures there are, and both engines pick it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('login_logs_org_account_result_time')
    .on('login_logs')
    .columns(['org_id', 'account_id', 'success', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('login_logs_org_account_result_time').execute();
}

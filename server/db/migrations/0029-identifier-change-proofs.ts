import type { Kysely } from 'kysely';
import { BIGINT } from '../dialect';

/**
 * Proofs that the owner of an account is the one changing its sign-in mobile number or email (issue 17):
 * the current password, or a code sent to a current address, given moments before. Each row is keyed by the
 * SHA-256 of the token the member was answered, holds for one account and the session that proved it, and
 * is used up by one change or dead after `expires_at`. In the database, not in memory, so every instance
 * behind the load balancer sees the same proofs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('identifier_change_proofs')
    .addColumn('token_hash', 'char(64)', (c) => c.primaryKey())
    .addColumn('org_id', BIGINT, (c) => c.notNull())
    .addColumn('account_id', BIGINT, (c) => c.notNull())
    .addColumn('session_id', BIGINT, (c) => c.notNull())
    // `password`, `sms` or `email`: how the owner proved themself.
    .addColumn('method', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('expires_at', BIGINT, (c) => c.notNull())
    .addColumn('used_at', BIGINT)
    .execute();
  await db.schema
    .createIndex('identifier_change_proofs_expiry')
    .on('identifier_change_proofs')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('identifier_change_proofs').ifExists().execute();
}

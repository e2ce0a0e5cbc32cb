import type { Kysely } from 'kysely';
import { BIGINT } from '../dialect';

/**
 * The one-time download of a bulk import's initial passwords (issue 9): one row per import whose passwords
 * were not all sent by mail or SMS. `id` is the SHA-256 of the download token the importing administrator
 * was answered; `sealed` is the list of account, name and password encrypted with a key derived from that
 * token, so the database alone cannot read it. The row is deleted when it is fetched, and is unusable
 * (then deleted) after `expires_at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('import_password_files')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('org_id', BIGINT, (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    // The importing administrator; null for the operator CLI's import.
    .addColumn('account_id', BIGINT)
    .addColumn('entries', 'integer', (c) => c.notNull())
    .addColumn('sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('expires_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('import_password_files_expiry')
    .on('import_password_files')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_password_files').ifExists().execute();
}

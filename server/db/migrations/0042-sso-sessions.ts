import type { Kysely } from 'kysely';
import { BIGINT } from '../dialect';

/**
 * The sessions an SSO sign-in started (#19): with a CAS sign-in's service ticket (its SHA-256), so the CAS
 * server's single-logout request, which names the ticket, ends that session.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sso_sessions')
    .addColumn('session_id', BIGINT, (c) => c.primaryKey())
    .addColumn('org_id', BIGINT, (c) => c.notNull().references('organizations.id'))
    .addColumn('ticket_hash', 'varchar(64)')
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sso_sessions_ticket').on('sso_sessions').column('ticket_hash').execute();
  await db.schema.createIndex('sso_sessions_created').on('sso_sessions').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sso_sessions').ifExists().execute();
}

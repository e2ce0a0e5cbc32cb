import type { Kysely } from 'kysely';
import { BIGINT } from '../dialect';

/**
 * The session an SSO flow unlocks (the screen lock of a member signed in through SSO, who has no password to
 * type): the flow unlocks that session only, and only when the same identity comes back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sso_states').addColumn('session_id', BIGINT).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sso_states').dropColumn('session_id').execute();
}

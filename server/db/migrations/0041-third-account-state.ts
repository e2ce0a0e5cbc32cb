import type { Kysely } from 'kysely';
import { BIGINT } from '../dialect';

/**
 * Third-party accounts switched off by an organisation's system (issue 19, `Sdk/ucapi/thirdaccount/0`): a
 * chat-host identity whose binding has `disabled_at` set signs nobody in and receives no messages until it
 * is switched on again (`thirdaccount/1`). Every existing binding stays on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('host_bindings').addColumn('disabled_at', BIGINT).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('host_bindings').dropColumn('disabled_at').execute();
}

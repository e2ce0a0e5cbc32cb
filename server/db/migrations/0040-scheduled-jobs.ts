import type { Kysely } from 'kysely';
import { BIGINT } from '../dialect';

/**
 * Background jobs (the pruning of expired codes, nonces, sessions and stale devices) run once per period
 * across every instance: an instance claims a job's row for a lease when it is due, runs it and hands it
 * back; the others find it claimed or not due. A crashed instance's lease runs out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scheduled_jobs')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('lease_owner', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('lease_until', BIGINT, (c) => c.notNull().defaultTo(0))
    .addColumn('last_run_at', BIGINT, (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scheduled_jobs').execute();
}

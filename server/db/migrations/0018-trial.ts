import type { Kysely } from 'kysely';
import { BIGINT, withId } from '../dialect';

/**
 * Trial applications (SPEC §3 trial request): what a prospect typed, after their mobile number was proved
 * by a code, waiting for an operator (`npm run cli -- trial:list`, `trial:approve`), who turns one into an
 * organisation whose administrator is the applicant (org_id then set).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('trial_applications'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('company', 'varchar(100)', (c) => c.notNull())
    .addColumn('industry', 'varchar(32)', (c) => c.notNull())
    .addColumn('product', 'varchar(32)', (c) => c.notNull())
    .addColumn('message', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('org_id', BIGINT, (c) => c.references('organizations.id'))
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('decided_at', BIGINT)
    .execute();
  await db.schema
    .createIndex('trial_applications_status_time')
    .on('trial_applications')
    .columns(['status', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('trial_applications').execute();
}

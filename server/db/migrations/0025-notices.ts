import type { Kysely } from 'kysely';
import { BIGINT, withId } from '../dialect';

/**
 * Notices (SPEC §3 Notice): announcements for the banner and satisfaction surveys, shown between their begin
 * and end times. org_id null: the operator's notice to every organisation (`npm run cli -- notice:create`);
 * otherwise an organisation administrator's notice to their own members. notice_reminders keeps what each
 * user chose for a survey (SPEC §3: stored per user and notice): answered, never, or later until remind_at.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('notices'))
    .addColumn('org_id', BIGINT, (c) => c.references('organizations.id'))
    .addColumn('notice_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('en_detail', 'text', (c) => c.notNull())
    .addColumn('link', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('begin_at', BIGINT, (c) => c.notNull())
    .addColumn('end_at', BIGINT, (c) => c.notNull())
    .addColumn('created_by', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .execute();
  // The latest live notice of a kind: by kind and end (live ones end in the future), newest begin first.
  await db.schema
    .createIndex('notices_type_end')
    .on('notices')
    .columns(['notice_type', 'end_at', 'begin_at'])
    .execute();
  await db.schema.createIndex('notices_org_time').on('notices').columns(['org_id', 'created_at']).execute();

  await db.schema
    .createTable('notice_reminders')
    .addColumn('notice_id', BIGINT, (c) => c.notNull().references('notices.id').onDelete('cascade'))
    .addColumn('account_id', BIGINT, (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('choice', 'varchar(16)', (c) => c.notNull())
    .addColumn('remind_at', BIGINT)
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .addPrimaryKeyConstraint('notice_reminders_pk', ['notice_id', 'account_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notice_reminders').ifExists().execute();
  await db.schema.dropTable('notices').ifExists().execute();
}

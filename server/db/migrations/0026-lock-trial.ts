import { type Kysely, sql } from 'kysely';
import { BIGINT } from '../dialect';

/** The trial period given to organisations approved before this migration (the TRIAL_DAYS default). */
const BACKFILL_TRIAL_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * The screen lock, the trial sign-in and the work table's own settings:
 * - sessions.locked_at: when the portal locked this session after the idle time (/lock); while set, every
 *   signed-in call but the lock screen's own is refused until the password unlocks it.
 * - sessions.login_mode: 'normal', or 'trial' for a trial sign-in (mobile + code), restricted to the demo site.
 * - organizations.trial_expires_at: the end of the trial of an organisation made from a trial application
 *   (null: not a trial organisation); past it, its trial sign-in says the trial period is over. Approved
 *   applications of before get their decision time plus 14 days.
 * - account_app_settings: a member's own pins and hidden products on the work table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('locked_at', BIGINT).execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('login_mode', 'varchar(16)', (c) => c.notNull().defaultTo('normal'))
    .execute();
  await db.schema.alterTable('organizations').addColumn('trial_expires_at', BIGINT).execute();
  await sql`update organizations set trial_expires_at = (
      select max(t.decided_at) + ${sql.lit(BACKFILL_TRIAL_MS)} from trial_applications t
      where t.org_id = organizations.id and t.status = 'approved')
    where id in (select org_id from trial_applications where status = 'approved' and org_id is not null)`.execute(
    db,
  );

  await db.schema
    .createTable('account_app_settings')
    .addColumn('org_id', BIGINT, (c) => c.notNull().references('organizations.id'))
    .addColumn('account_id', BIGINT, (c) => c.notNull().references('accounts.id'))
    .addColumn('product_id', BIGINT, (c) => c.notNull().references('products.id'))
    .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .addPrimaryKeyConstraint('account_app_settings_pk', ['account_id', 'product_id'])
    .execute();
  await db.schema
    .createIndex('account_app_settings_org')
    .on('account_app_settings')
    .columns(['org_id', 'account_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_app_settings').ifExists().execute();
  await db.schema.alterTable('organizations').dropColumn('trial_expires_at').execute();
  await db.schema.alterTable('sessions').dropColumn('login_mode').execute();
  await db.schema.alterTable('sessions').dropColumn('locked_at').execute();
}

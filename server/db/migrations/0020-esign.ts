import type { Kysely } from 'kysely';
import { BIGINT } from '../dialect';

/**
 * Electronic signature (SPEC §3, §7 Esign). `org_esign_settings`: one row per organisation that saved its
 * settings (on or off, the strength of EsignPasswordStrength, the minimum length, whether 'same as login
 * password' is allowed). `account_esign`: one row per member who chose how to sign: a separate password
 * (its argon2id hash) or the login password, with the wrong tries in a row and the lock they led to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('org_esign_settings')
    .addColumn('org_id', BIGINT, (c) => c.primaryKey().references('organizations.id'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('strength', 'varchar(16)', (c) => c.notNull())
    .addColumn('min_length', 'integer', (c) => c.notNull())
    .addColumn('allow_same_as_login', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('account_esign')
    .addColumn('account_id', BIGINT, (c) => c.primaryKey().references('accounts.id'))
    .addColumn('org_id', BIGINT, (c) => c.notNull().references('organizations.id'))
    .addColumn('mode', 'varchar(16)', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', BIGINT)
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_esign_org').on('account_esign').column('org_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_esign').ifExists().execute();
  await db.schema.dropTable('org_esign_settings').ifExists().execute();
}

import type { Kysely } from 'kysely';
import { BIGINT } from '../dialect';

/**
 * The organisation configuration of System settings > General (domain/rules/org-config.ts): one row per
 * organisation and key that an administrator or operator saved, its value as JSON text (a key never saved
 * has its catalogue default). The security verification mode keeps living in org_sign_in_settings.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('org_config_values')
    .addColumn('org_id', BIGINT, (col) => col.notNull().references('organizations.id'))
    .addColumn('config_key', 'varchar(64)', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', BIGINT, (col) => col.notNull())
    .addPrimaryKeyConstraint('org_config_values_pk', ['org_id', 'config_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('org_config_values').ifExists().execute();
}

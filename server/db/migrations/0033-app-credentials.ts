import type { Kysely } from 'kysely';
import { BIGINT, withId } from '../dialect';

/**
 * App credentials of the open capability (issue 19): one app key and secret per organisation, the secret
 * kept only as its SHA-256 (it is 256 random bits, so a slow hash adds nothing) and shown once; and the
 * access tokens issued with them, kept by their SHA-256 as well. A token row outlives its expiry for a
 * day so that an expired token can be told apart from an unknown or revoked one (revoking deletes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('open_app_credentials'))
    .addColumn('org_id', BIGINT, (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('secret_hash', 'char(64)', (c) => c.notNull())
    // What the screen shows of the secret after its one showing: a prefix and its last four characters.
    .addColumn('secret_mask', 'varchar(40)', (c) => c.notNull())
    .addColumn('secret_issued_at', BIGINT, (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('open_access_tokens')
    .addColumn('token_hash', 'char(64)', (c) => c.primaryKey())
    .addColumn('org_id', BIGINT, (c) => c.notNull())
    .addColumn('credential_id', BIGINT, (c) => c.notNull())
    .addColumn('issued_at', BIGINT, (c) => c.notNull())
    .addColumn('expires_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('open_access_tokens_credential')
    .on('open_access_tokens')
    .column('credential_id')
    .execute();
  await db.schema
    .createIndex('open_access_tokens_expiry')
    .on('open_access_tokens')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('open_access_tokens').ifExists().execute();
  await db.schema.dropTable('open_app_credentials').ifExists().execute();
}

import type { Kysely } from 'kysely';
import { BIGINT, withId } from '../dialect';

/**
 * Captchas, verification codes, reset tokens and the send counters that limit them. Only hashes of
 * answers, codes and tokens are stored, and every row carries the time it expires, after which the
 * server's pruning deletes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('captchas')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('answer_hash', 'char(64)', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('expires_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('captchas_expiry').on('captchas').column('expires_at').execute();

  await withId(db, db.schema.createTable('verification_codes'))
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(254)', (c) => c.notNull())
    .addColumn('org_id', BIGINT)
    .addColumn('account_id', BIGINT)
    .addColumn('salt', 'varchar(64)', (c) => c.notNull())
    .addColumn('code_hash', 'char(64)', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('expires_at', BIGINT, (c) => c.notNull())
    .addColumn('consumed_at', BIGINT)
    .execute();
  await db.schema
    .createIndex('verification_codes_recipient')
    .on('verification_codes')
    .columns(['purpose', 'recipient', 'created_at'])
    .execute();
  await db.schema
    .createIndex('verification_codes_expiry')
    .on('verification_codes')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('reset_tokens')
    .addColumn('token_hash', 'char(64)', (c) => c.primaryKey())
    .addColumn('org_id', BIGINT, (c) => c.notNull())
    .addColumn('account_id', BIGINT, (c) => c.notNull())
    .addColumn('channel', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('expires_at', BIGINT, (c) => c.notNull())
    .addColumn('used_at', BIGINT)
    .execute();
  await db.schema.createIndex('reset_tokens_account').on('reset_tokens').column('account_id').execute();
  await db.schema.createIndex('reset_tokens_expiry').on('reset_tokens').column('expires_at').execute();

  await db.schema
    .createTable('send_counters')
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', BIGINT, (c) => c.notNull())
    .addColumn('expires_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('send_counters_expiry').on('send_counters').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['send_counters', 'reset_tokens', 'verification_codes', 'captchas']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

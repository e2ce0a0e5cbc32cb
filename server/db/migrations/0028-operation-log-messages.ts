import type { Kysely } from 'kysely';

/**
 * Operation-log rows in the reader's language: a row now stores what happened as a message key
 * (`operationLog.content.*`) and its values as JSON, rendered when the list or the export reads it, plus
 * the lower-cased renderings in every language that the keyword filter searches. `content` keeps the
 * English text as a plain fallback; rows written before have only it and are shown as they are.
 * No index changes: the list's keyset indexes stay as 0014 made them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('operation_logs').addColumn('content_key', 'varchar(100)').execute();
  await db.schema.alterTable('operation_logs').addColumn('content_params', 'text').execute();
  await db.schema.alterTable('operation_logs').addColumn('search_text', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['search_text', 'content_params', 'content_key']) {
    await db.schema.alterTable('operation_logs').dropColumn(column).execute();
  }
}

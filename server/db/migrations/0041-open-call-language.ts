import type { Kysely } from 'kysely';

/**
 * The language an open call was made in (issue 19): a queued call is applied later by the worker, with no
 * request to read the caller's language from, and its per-item problems are written in this one. Calls
 * logged before this version have none and are read as zh-CN, the language they were written in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('open_calls').addColumn('language', 'varchar(10)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('open_calls').dropColumn('language').execute();
}

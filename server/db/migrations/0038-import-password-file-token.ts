import type { Kysely } from 'kysely';

/**
 * The import dialog offers an administrator's waiting initial passwords again after it was closed (issue 23):
 * the download token is kept too, sealed with the server's secrets key, so only the server can give it back,
 * and only to the importing administrator in that organisation. Files kept before have none and are offered
 * only from the answer of their import, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('import_password_files').addColumn('token_sealed', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('import_password_files').dropColumn('token_sealed').execute();
}

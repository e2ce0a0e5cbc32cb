import type { Kysely } from 'kysely';

/**
 * Whether the member chose the account's language (issue 23): on the login page before signing in, in the
 * user menu, or on the trial page. Until then `lang` is only what messages to the member are written in (the
 * browser's language at the last sign-in, or the creating administrator's), and the interface follows the
 * browser. Every existing account starts as not chosen: the old default zh-CN was nobody's choice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('lang_chosen', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('lang_chosen').execute();
}

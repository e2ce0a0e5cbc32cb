import type { Kysely } from 'kysely';

/**
 * The ID token an OpenID sign-in received, sealed with the secrets key and kept with its SSO session: signing
 * out through the provider sends it back as id_token_hint (OIDC RP-initiated logout), never through the browser.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sso_sessions').addColumn('id_token', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sso_sessions').dropColumn('id_token').execute();
}

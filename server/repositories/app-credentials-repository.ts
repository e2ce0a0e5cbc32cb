import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/tables';
import type { OpenAppCredentialsTable } from '../db/tables/open';

export type AppCredentialRow = Selectable<OpenAppCredentialsTable>;

/** A live access token with the credential and organisation it speaks for. */
export interface AccessTokenRow {
  orgId: number;
  credentialId: number;
  appKey: string;
  appName: string;
  expiresAt: number;
}

function credentialOf(row: AppCredentialRow): AppCredentialRow {
  return { ...row, id: Number(row.id), org_id: Number(row.org_id) };
}

/**
 * App credentials of the open API (one per organisation) and the access tokens issued with them. Secrets
 * and tokens are stored as SHA-256 hashes only. Every credential query is scoped by organisation except the
 * look-up by app key, which is how a caller names its organisation.
 */
export function createAppCredentialsRepository(db: Kysely<Database>) {
  return {
    async findByOrg(orgId: number): Promise<AppCredentialRow | undefined> {
      const row = await db
        .selectFrom('open_app_credentials')
        .selectAll()
        .where('org_id', '=', orgId)
        .executeTakeFirst();
      return row && credentialOf(row);
    },

    async findByAppKey(appKey: string): Promise<AppCredentialRow | undefined> {
      const row = await db
        .selectFrom('open_app_credentials')
        .selectAll()
        .where('app_key', '=', appKey)
        .executeTakeFirst();
      return row && credentialOf(row);
    },

    async insert(input: {
      orgId: number;
      name: string;
      appKey: string;
      secretHash: string;
      secretMask: string;
      now: number;
    }): Promise<number> {
      const row = await db
        .insertInto('open_app_credentials')
        .values({
          org_id: input.orgId,
          name: input.name,
          app_key: input.appKey,
          secret_hash: input.secretHash,
          secret_mask: input.secretMask,
          secret_issued_at: input.now,
          created_at: input.now,
          updated_at: input.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async rename(orgId: number, id: number, name: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('open_app_credentials')
        .set({ name, updated_at: now })
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Replaces the secret; the old one stops working with this write. */
    async replaceSecret(
      orgId: number,
      id: number,
      secretHash: string,
      secretMask: string,
      now: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('open_app_credentials')
        .set({ secret_hash: secretHash, secret_mask: secretMask, secret_issued_at: now, updated_at: now })
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async insertToken(input: {
      tokenHash: string;
      orgId: number;
      credentialId: number;
      now: number;
      expiresAt: number;
    }): Promise<void> {
      await db
        .insertInto('open_access_tokens')
        .values({
          token_hash: input.tokenHash,
          org_id: input.orgId,
          credential_id: input.credentialId,
          issued_at: input.now,
          expires_at: input.expiresAt,
        })
        .execute();
    },

    /** A token by its hash, expired or not (the caller tells the two apart), with its credential. */
    async findToken(tokenHash: string): Promise<AccessTokenRow | undefined> {
      const row = await db
        .selectFrom('open_access_tokens as t')
        .innerJoin('open_app_credentials as c', 'c.id', 't.credential_id')
        .select(['t.org_id', 't.credential_id', 't.expires_at', 'c.app_key', 'c.name'])
        .where('t.token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        orgId: Number(row.org_id),
        credentialId: Number(row.credential_id),
        appKey: row.app_key,
        appName: row.name,
        expiresAt: Number(row.expires_at),
      };
    },

    /** Ends every token issued under a credential; returns how many there were. */
    async revokeTokens(orgId: number, credentialId: number): Promise<number> {
      const result = await db
        .deleteFrom('open_access_tokens')
        .where('org_id', '=', orgId)
        .where('credential_id', '=', credentialId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Forgets tokens that expired before `before` (kept a while to answer "expired" rather than "unknown"). */
    async purgeTokensExpiredBefore(before: number): Promise<void> {
      await db.deleteFrom('open_access_tokens').where('expires_at', '<', before).execute();
    },
  };
}

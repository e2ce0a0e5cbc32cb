import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

/** Organisations' push keys (the server credential products send messages with), kept as SHA-256 hashes. */
export function createPushKeysRepository(db: Kysely<Database>) {
  return {
    async insert(orgId: number, keyHash: string, label: string, now: number): Promise<number> {
      const row = await db
        .insertInto('push_keys')
        .values({ org_id: orgId, key_hash: keyHash, label, created_at: now, revoked_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** The organisation a live (not revoked) key belongs to. */
    async findOrgId(keyHash: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('push_keys')
        .select('org_id')
        .where('key_hash', '=', keyHash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return row ? Number(row.org_id) : undefined;
    },

    /** An organisation's live keys, newest first (never their hashes). */
    async listLive(orgId: number): Promise<Array<{ id: number; label: string; createdAt: number }>> {
      const rows = await db
        .selectFrom('push_keys')
        .select(['id', 'label', 'created_at'])
        .where('org_id', '=', orgId)
        .where('revoked_at', 'is', null)
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => ({ id: Number(row.id), label: row.label, createdAt: Number(row.created_at) }));
    },

    /** Revokes every key of an organisation; returns how many were live. */
    async revokeAll(orgId: number, now: number): Promise<number> {
      const result = await db
        .updateTable('push_keys')
        .set({ revoked_at: now })
        .where('org_id', '=', orgId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

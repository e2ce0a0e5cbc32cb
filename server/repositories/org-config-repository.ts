import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

/** A saved setting: its key, its value as saved (parsed from JSON) and when. */
export interface StoredOrgConfigValue {
  key: string;
  value: unknown;
  updatedAt: number;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The settings of System settings > General an organisation saved (0022-org-config), every call scoped by
 * organisation. Values are kept as JSON; the service checks them against the catalogue when read.
 */
export function createOrgConfigRepository(db: Kysely<Database>) {
  return {
    /** Every setting the organisation saved. */
    async list(orgId: number): Promise<StoredOrgConfigValue[]> {
      const rows = await db
        .selectFrom('org_config_values')
        .select(['config_key', 'value', 'updated_at'])
        .where('org_id', '=', orgId)
        .execute();
      return rows.map((row) => ({
        key: row.config_key,
        value: parse(row.value),
        updatedAt: Number(row.updated_at),
      }));
    },

    /** Saves one setting of the organisation (inserted, or replacing the one saved). */
    async save(orgId: number, key: string, value: unknown, now: number): Promise<void> {
      const text = JSON.stringify(value);
      await db
        .insertInto('org_config_values')
        .values({ org_id: orgId, config_key: key, value: text, updated_at: now })
        .onConflict((conflict) =>
          conflict.columns(['org_id', 'config_key']).doUpdateSet({ value: text, updated_at: now }),
        )
        .execute();
    },
  };
}

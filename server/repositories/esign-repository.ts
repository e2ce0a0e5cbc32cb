import { type Kysely, sql } from 'kysely';
import {
  DEFAULT_ESIGN_SETTINGS,
  ESIGN_MODES,
  ESIGN_STRENGTHS,
  type EsignMode,
  type EsignOrgSettings,
} from '../../domain/rules/esign';
import type { Database } from '../db/tables';

/** A member's stored signature: how they sign, the hash of a separate password, wrong tries and lock. */
export interface StoredEsign {
  mode: Exclude<EsignMode, 'none'>;
  passwordHash: string;
  failures: number;
  lockedUntil: number | null;
}

const strengthOf = (value: string) =>
  ESIGN_STRENGTHS.find((strength) => strength === value) ?? DEFAULT_ESIGN_SETTINGS.strength;

/** Electronic signature settings and members' signatures (0020-esign); every call takes the organisation. */
export function createEsignRepository(db: Kysely<Database>) {
  return {
    /** The organisation's settings, or the defaults when it saved none. */
    async findSettings(orgId: number): Promise<EsignOrgSettings> {
      const row = await db
        .selectFrom('org_esign_settings')
        .select(['enabled', 'strength', 'min_length', 'allow_same_as_login'])
        .where('org_id', '=', orgId)
        .executeTakeFirst();
      if (!row) return DEFAULT_ESIGN_SETTINGS;
      return {
        enabled: Number(row.enabled) === 1,
        strength: strengthOf(row.strength),
        minLength: Number(row.min_length),
        allowSameAsLogin: Number(row.allow_same_as_login) === 1,
      };
    },

    /** Saves the organisation's settings whole. */
    async saveSettings(orgId: number, settings: EsignOrgSettings, now: number): Promise<void> {
      const values = {
        enabled: settings.enabled ? 1 : 0,
        strength: settings.strength,
        min_length: settings.minLength,
        allow_same_as_login: settings.allowSameAsLogin ? 1 : 0,
        updated_at: now,
      };
      await db
        .insertInto('org_esign_settings')
        .values({ org_id: orgId, ...values })
        .onConflict((oc) => oc.column('org_id').doUpdateSet(values))
        .execute();
    },

    /** The member's signature, or null when they chose none. */
    async find(orgId: number, accountId: number): Promise<StoredEsign | null> {
      const row = await db
        .selectFrom('account_esign')
        .select(['mode', 'password_hash', 'failures', 'locked_until'])
        .where('org_id', '=', orgId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      const mode = ESIGN_MODES.find((known) => known === row?.mode);
      if (!row || !mode || mode === 'none') return null;
      return {
        mode,
        passwordHash: row.password_hash,
        failures: Number(row.failures),
        lockedUntil: row.locked_until === null ? null : Number(row.locked_until),
      };
    },

    /**
     * Sets how the member signs: a separate password (its hash) or the login password (no hash kept).
     * The wrong tries are forgotten; a lock in force stays until it ends.
     */
    async set(
      orgId: number,
      accountId: number,
      mode: StoredEsign['mode'],
      passwordHash: string,
      now: number,
    ): Promise<void> {
      const values = { mode, password_hash: passwordHash, failures: 0, updated_at: now };
      await db
        .insertInto('account_esign')
        .values({ account_id: accountId, org_id: orgId, locked_until: null, ...values })
        .onConflict((oc) =>
          oc.column('account_id').doUpdateSet(values).where('account_esign.org_id', '=', orgId),
        )
        .execute();
    },

    /**
     * Counts one more wrong password in a row, in one statement so simultaneous tries all count; a lock
     * that has ended starts the count again. Returns the count.
     */
    async addFailure(orgId: number, accountId: number, now: number): Promise<number> {
      const ended = sql<boolean>`account_esign.locked_until is not null and account_esign.locked_until <= ${now}`;
      const row = await db
        .updateTable('account_esign')
        .set({
          failures: sql<number>`case when ${ended} then 1 else account_esign.failures + 1 end`,
          locked_until: sql<number | null>`case when ${ended} then null else account_esign.locked_until end`,
        })
        .where('org_id', '=', orgId)
        .where('account_id', '=', accountId)
        .returning('failures')
        .executeTakeFirst();
      return row ? Number(row.failures) : 0;
    },

    /** Locks verification until `until`. */
    async lock(orgId: number, accountId: number, until: number): Promise<void> {
      await db
        .updateTable('account_esign')
        .set({ locked_until: until })
        .where('org_id', '=', orgId)
        .where('account_id', '=', accountId)
        .execute();
    },

    /** Forgets the wrong tries and any lock that has ended (a right password). */
    async clearFailures(orgId: number, accountId: number): Promise<void> {
      await db
        .updateTable('account_esign')
        .set({ failures: 0, locked_until: null })
        .where('org_id', '=', orgId)
        .where('account_id', '=', accountId)
        .execute();
    },
  };
}

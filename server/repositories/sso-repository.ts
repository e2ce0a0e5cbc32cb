import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/tables';
import type { OrgSsoSettingsTable, SsoStatesTable } from '../db/tables/sso';
import { SSO_PLATFORM } from './member-import-repository';

/** A stored SSO configuration row. */
export type SsoSettingRow = Selectable<OrgSsoSettingsTable>;
/** A started SSO flow. */
export type SsoStateRow = Selectable<SsoStatesTable>;

/** What saving a configuration writes; saving always turns SSO off (SPEC §4). */
export interface SsoSettingWrite {
  type: string;
  setting: string;
  clientSecret: string;
  settingHash: string;
}

/** Organisations' SSO configurations and the flows started against them, always by organisation. */
export function createSsoRepository(db: Kysely<Database>) {
  return {
    async find(orgId: number): Promise<SsoSettingRow | undefined> {
      return db.selectFrom('org_sso_settings').selectAll().where('org_id', '=', orgId).executeTakeFirst();
    },

    /** The organisations whose SSO is enforced, at most `limit` (an address without orgId needs exactly one). */
    async listEnabledOrgIds(limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('org_sso_settings')
        .select('org_id')
        .where('enabled', '=', 1)
        .orderBy('org_id')
        .limit(limit)
        .execute();
      return rows.map((row) => Number(row.org_id));
    },

    /** Writes the configuration, SSO off; a changed configuration has not been debugged. */
    async save(orgId: number, write: SsoSettingWrite, now: number): Promise<void> {
      const values = {
        sso_type: write.type,
        setting: write.setting,
        client_secret: write.clientSecret,
        setting_hash: write.settingHash,
        enabled: 0,
        updated_at: now,
      };
      await db
        .insertInto('org_sso_settings')
        .values({ org_id: orgId, break_glass_account_id: null, ...values })
        .onConflict((conflict) => conflict.column('org_id').doUpdateSet(values))
        .execute();
    },

    async setEnabled(orgId: number, enabled: boolean, now: number): Promise<void> {
      await db
        .updateTable('org_sso_settings')
        .set({ enabled: enabled ? 1 : 0, updated_at: now })
        .where('org_id', '=', orgId)
        .execute();
    },

    /** Records a debug run; a successful one of configuration `hash` lets it be enabled. */
    async recordDebug(orgId: number, result: string, debuggedHash: string | null): Promise<void> {
      await db
        .updateTable('org_sso_settings')
        .set(
          debuggedHash === null
            ? { last_debug: result }
            : { last_debug: result, debugged_hash: debuggedHash },
        )
        .where('org_id', '=', orgId)
        .execute();
    },

    async setBreakGlass(orgId: number, accountId: number | null): Promise<void> {
      await db
        .updateTable('org_sso_settings')
        .set({ break_glass_account_id: accountId })
        .where('org_id', '=', orgId)
        .execute();
    },

    /** Uses up the break-glass sign-in of this account, if it has one. */
    async claimBreakGlass(orgId: number, accountId: number): Promise<boolean> {
      const result = await db
        .updateTable('org_sso_settings')
        .set({ break_glass_account_id: null })
        .where('org_id', '=', orgId)
        .where('break_glass_account_id', '=', accountId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Ends the organisation's open sessions but one (enforcing SSO signs everyone in again); how many. */
    async revokeOrgSessions(orgId: number, keepSessionId: number | null, now: number): Promise<number> {
      let query = db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('org_id', '=', orgId)
        .where('revoked_at', 'is', null);
      if (keepSessionId !== null) query = query.where('id', '!=', keepSessionId);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** The account an external id is bound to in the organisation (an imported SSO account, or a first match). */
    async findBoundAccountId(orgId: number, externalId: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('host_bindings')
        .select('account_id')
        .where('org_id', '=', orgId)
        .where('platform', '=', SSO_PLATFORM)
        .where('host_user_id', '=', externalId)
        .executeTakeFirst();
      return row ? Number(row.account_id) : undefined;
    },

    /** Binds an external id to an account, replacing a binding to a former member. */
    async bind(orgId: number, externalId: string, accountId: number, now: number): Promise<void> {
      await db
        .deleteFrom('host_bindings')
        .where('org_id', '=', orgId)
        .where('platform', '=', SSO_PLATFORM)
        .where('host_user_id', '=', externalId)
        .execute();
      await db
        .insertInto('host_bindings')
        .values({
          org_id: orgId,
          platform: SSO_PLATFORM,
          host_user_id: externalId,
          open_id: null,
          union_id: null,
          account_id: accountId,
          created_at: now,
        })
        .execute();
    },

    async insertState(state: SsoStateRow): Promise<void> {
      await db.insertInto('sso_states').values(state).execute();
    },

    /** Takes a live state once: the row, or undefined when unknown, expired or already taken. */
    async claimState(stateHash: string, now: number): Promise<SsoStateRow | undefined> {
      const row = await db
        .selectFrom('sso_states')
        .selectAll()
        .where('state_hash', '=', stateHash)
        .executeTakeFirst();
      if (!row) return undefined;
      const result = await db.deleteFrom('sso_states').where('state_hash', '=', stateHash).executeTakeFirst();
      if (Number(result.numDeletedRows) !== 1 || Number(row.expires_at) <= now) return undefined;
      return row;
    },

    /** The id of the session whose token hashes to `tokenHash`. */
    async sessionIdOf(tokenHash: string): Promise<number> {
      const session = await db
        .selectFrom('sessions')
        .select('id')
        .where('token_hash', '=', tokenHash)
        .executeTakeFirstOrThrow();
      return Number(session.id);
    },

    /**
     * Notes a session an SSO sign-in started, with the SHA-256 of its CAS service ticket (for the CAS
     * server's single logout) or its sealed ID token (for the OpenID sign-out), if it has one.
     */
    async recordSession(
      orgId: number,
      sessionId: number,
      kept: { ticketHash: string | null; idToken: string | null },
      now: number,
    ): Promise<void> {
      await db
        .insertInto('sso_sessions')
        .values({
          session_id: sessionId,
          org_id: orgId,
          ticket_hash: kept.ticketHash,
          id_token: kept.idToken,
          created_at: now,
        })
        .execute();
    },

    /** The sealed ID token an SSO session of this organisation was signed in with, if any. */
    async idTokenOf(orgId: number, sessionId: number): Promise<string | null> {
      const row = await db
        .selectFrom('sso_sessions')
        .select('id_token')
        .where('org_id', '=', orgId)
        .where('session_id', '=', sessionId)
        .executeTakeFirst();
      return row?.id_token ?? null;
    },

    /** Ends the open sessions signed in with this CAS service ticket (single logout); how many. */
    async endSessionsOfTicket(ticketHash: string, now: number): Promise<number> {
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('revoked_at', 'is', null)
        .where('id', 'in', (sub) =>
          sub.selectFrom('sso_sessions').select('session_id').where('ticket_hash', '=', ticketHash),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Forgets expired flows, and SSO sessions older than any session can live (`sessionsBefore`). */
    async purgeExpired(now: number, sessionsBefore: number): Promise<void> {
      await db.deleteFrom('sso_states').where('expires_at', '<=', now).execute();
      await db.deleteFrom('sso_sessions').where('created_at', '<', sessionsBefore).execute();
    },
  };
}

export type SsoRepository = ReturnType<typeof createSsoRepository>;

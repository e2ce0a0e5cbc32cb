import type { Kysely, Selectable } from 'kysely';
import type { HostPlatform } from '../../domain/constants';
import type { Database, HostIntegrationsTable, HostTokensTable } from '../db/tables';

/** A stored integration row (its secret still sealed). */
export type HostIntegrationRow = Selectable<HostIntegrationsTable>;
/** A cached platform token row (the token sealed). */
export type HostTokenRow = Selectable<HostTokensTable>;

/** The columns an integration is saved with (the secret already sealed). */
export interface HostIntegrationValues {
  corpId: string;
  appKey: string;
  sealedSecret: string;
  agentId: string;
  enabled: boolean;
  products: string[];
}

/** Organisations' integrations with chat hosts, and the platform tokens every instance shares. */
export function createHostIntegrationsRepository(db: Kysely<Database>) {
  const tokenRow = (integrationId: number, kind: string) =>
    db
      .selectFrom('host_tokens')
      .selectAll()
      .where('integration_id', '=', integrationId)
      .where('kind', '=', kind);

  return {
    /** The enabled integration a host id (corp id or app id) of a platform names. */
    async findEnabledByCorpId(
      platform: HostPlatform,
      corpId: string,
    ): Promise<HostIntegrationRow | undefined> {
      return db
        .selectFrom('host_integrations')
        .selectAll()
        .where('platform', '=', platform)
        .where('corp_id', '=', corpId)
        .where('enabled', '=', 1)
        .executeTakeFirst();
    },

    async findById(id: number): Promise<HostIntegrationRow | undefined> {
      return db.selectFrom('host_integrations').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async find(orgId: number, platform: HostPlatform): Promise<HostIntegrationRow | undefined> {
      return db
        .selectFrom('host_integrations')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('platform', '=', platform)
        .executeTakeFirst();
    },

    async listByOrg(orgId: number): Promise<HostIntegrationRow[]> {
      return db
        .selectFrom('host_integrations')
        .selectAll()
        .where('org_id', '=', orgId)
        .orderBy('id')
        .execute();
    },

    /** The organisation other than `orgId` whose integration of the platform has this host id. */
    async findCorpIdOwner(
      platform: HostPlatform,
      corpId: string,
      orgId: number,
    ): Promise<number | undefined> {
      const row = await db
        .selectFrom('host_integrations')
        .select('org_id')
        .where('platform', '=', platform)
        .where('corp_id', '=', corpId)
        .where('org_id', '!=', orgId)
        .executeTakeFirst();
      return row ? Number(row.org_id) : undefined;
    },

    /** Writes an organisation's integration with a platform; returns its id. */
    async save(
      orgId: number,
      platform: HostPlatform,
      values: HostIntegrationValues,
      now: number,
    ): Promise<number> {
      const columns = {
        corp_id: values.corpId,
        app_key: values.appKey,
        app_secret: values.sealedSecret,
        agent_id: values.agentId,
        enabled: values.enabled ? 1 : 0,
        products: values.products.join(','),
        updated_at: now,
      };
      const row = await db
        .insertInto('host_integrations')
        .values({ org_id: orgId, platform, ...columns, created_at: now })
        .onConflict((conflict) => conflict.columns(['org_id', 'platform']).doUpdateSet(columns))
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** The cached token of an integration, of one kind (or none yet). */
    async findToken(integrationId: number, kind: string): Promise<HostTokenRow | undefined> {
      return tokenRow(integrationId, kind).executeTakeFirst();
    },

    /**
     * Takes the right to fetch a new token of an integration until `leaseUntil` (wall-clock ms): true for
     * exactly one caller across instances while no other lease is running and the stored token still
     * expires by `staleBy` (app clock): a token another caller stored meanwhile is used, not fetched again.
     */
    async takeTokenLease(
      integrationId: number,
      kind: string,
      owner: string,
      wallNow: number,
      leaseUntil: number,
      staleBy: number,
    ): Promise<boolean> {
      await db
        .insertInto('host_tokens')
        .values({
          integration_id: integrationId,
          kind,
          token: '',
          expires_at: 0,
          lease_owner: '',
          lease_until: 0,
        })
        .onConflict((conflict) => conflict.columns(['integration_id', 'kind']).doNothing())
        .execute();
      const result = await db
        .updateTable('host_tokens')
        .set({ lease_owner: owner, lease_until: leaseUntil })
        .where('integration_id', '=', integrationId)
        .where('kind', '=', kind)
        .where('lease_until', '<', wallNow)
        .where('expires_at', '<=', staleBy)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Stores the token the lease holder fetched and ends its lease. */
    async storeToken(
      integrationId: number,
      kind: string,
      owner: string,
      sealedToken: string,
      expiresAt: number,
    ): Promise<void> {
      await db
        .updateTable('host_tokens')
        .set({ token: sealedToken, expires_at: expiresAt, lease_owner: '', lease_until: 0 })
        .where('integration_id', '=', integrationId)
        .where('kind', '=', kind)
        .where('lease_owner', '=', owner)
        .execute();
    },

    /** Ends a lease without a new token (the fetch failed), so another caller may try. */
    async releaseTokenLease(integrationId: number, kind: string, owner: string): Promise<void> {
      await db
        .updateTable('host_tokens')
        .set({ lease_owner: '', lease_until: 0 })
        .where('integration_id', '=', integrationId)
        .where('kind', '=', kind)
        .where('lease_owner', '=', owner)
        .execute();
    },

    /** Marks a token the platform refused as expired, unless another caller has replaced it already. */
    async expireToken(integrationId: number, kind: string, sealedToken: string): Promise<void> {
      await db
        .updateTable('host_tokens')
        .set({ expires_at: 0 })
        .where('integration_id', '=', integrationId)
        .where('kind', '=', kind)
        .where('token', '=', sealedToken)
        .execute();
    },

    /** Forgets an integration's tokens (its credentials changed). */
    async deleteTokens(integrationId: number): Promise<void> {
      await db.deleteFrom('host_tokens').where('integration_id', '=', integrationId).execute();
    },
  };
}

export type HostIntegrationsRepository = ReturnType<typeof createHostIntegrationsRepository>;

import type { Kysely } from 'kysely';
import type { HostPlatform } from '../../domain/constants';
import type { Database } from '../db/tables';
import type { HostIdentityKeys } from './host-bindings-repository';

/** What a claimed bind ticket holds: the organisation, the platform and the host identity. */
export interface HostBindGrant extends HostIdentityKeys {
  orgId: number;
  platform: HostPlatform;
}

/**
 * The single-use grants of host sign-in, kept only as SHA-256 hashes: OAuth states issued for WeChat and
 * WeCom, and bind tickets of host identities that matched no account.
 */
export function createHostTicketsRepository(db: Kysely<Database>) {
  return {
    async insertState(
      stateHash: string,
      integrationId: number,
      now: number,
      expiresAt: number,
    ): Promise<void> {
      await db
        .insertInto('host_oauth_states')
        .values({
          state_hash: stateHash,
          integration_id: integrationId,
          created_at: now,
          expires_at: expiresAt,
          used_at: null,
        })
        .execute();
    },

    /** Uses a live state of this integration once: true only for the first caller within its lifetime. */
    async claimState(stateHash: string, integrationId: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('host_oauth_states')
        .set({ used_at: now })
        .where('state_hash', '=', stateHash)
        .where('integration_id', '=', integrationId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async insertBindTicket(
      ticketHash: string,
      grant: HostBindGrant,
      now: number,
      expiresAt: number,
    ): Promise<void> {
      await db
        .insertInto('host_bind_tickets')
        .values({
          ticket_hash: ticketHash,
          org_id: grant.orgId,
          platform: grant.platform,
          host_user_id: grant.userId,
          open_id: grant.openId,
          union_id: grant.unionId,
          created_at: now,
          expires_at: expiresAt,
          used_at: null,
        })
        .execute();
    },

    /** Uses a live bind ticket of an organisation once, returning what it holds. */
    async claimBindTicket(
      ticketHash: string,
      orgId: number,
      now: number,
    ): Promise<HostBindGrant | undefined> {
      const row = await db
        .updateTable('host_bind_tickets')
        .set({ used_at: now })
        .where('ticket_hash', '=', ticketHash)
        .where('org_id', '=', orgId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['org_id', 'platform', 'host_user_id', 'open_id', 'union_id'])
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        orgId: Number(row.org_id),
        platform: row.platform as HostPlatform,
        userId: row.host_user_id,
        openId: row.open_id,
        unionId: row.union_id,
      };
    },

    async purgeExpired(now: number): Promise<void> {
      await db.deleteFrom('host_oauth_states').where('expires_at', '<=', now).execute();
      await db.deleteFrom('host_bind_tickets').where('expires_at', '<=', now).execute();
    },
  };
}

export type HostTicketsRepository = ReturnType<typeof createHostTicketsRepository>;

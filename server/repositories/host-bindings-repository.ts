import type { Kysely, Selectable } from 'kysely';
import type { HostPlatform } from '../../domain/constants';
import type { Database, HostBindingsTable } from '../db/tables';

/** A stored binding of a host identity to an account. */
export type HostBindingRow = Selectable<HostBindingsTable>;

/** The ids of a host identity a binding is found and kept by. */
export interface HostIdentityKeys {
  userId: string;
  openId: string | null;
  unionId: string | null;
}

/** Host identities of an organisation's members: which account a DingTalk, Feishu, WeCom or WeChat user is. */
export function createHostBindingsRepository(db: Kysely<Database>) {
  return {
    /**
     * The binding of a host identity in an organisation: by its user id (or its open id, which an operator
     * may have bound on WeChat), else by its union id.
     */
    async find(
      orgId: number,
      platform: HostPlatform,
      identity: HostIdentityKeys,
    ): Promise<HostBindingRow | undefined> {
      const ids = [identity.userId, identity.openId].filter((id): id is string => Boolean(id));
      const byId = await db
        .selectFrom('host_bindings')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('platform', '=', platform)
        .where('host_user_id', 'in', ids)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      if (byId || !identity.unionId) return byId;
      return db
        .selectFrom('host_bindings')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('platform', '=', platform)
        .where('union_id', '=', identity.unionId)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
    },

    /** Binds a host identity to an account; an identity already bound keeps its binding. Returns whether it bound. */
    async bind(
      orgId: number,
      platform: HostPlatform,
      identity: HostIdentityKeys,
      accountId: number,
      now: number,
    ): Promise<boolean> {
      const result = await db
        .insertInto('host_bindings')
        .values({
          org_id: orgId,
          platform,
          host_user_id: identity.userId,
          open_id: identity.openId,
          union_id: identity.unionId,
          account_id: accountId,
          created_at: now,
        })
        .onConflict((conflict) => conflict.columns(['org_id', 'platform', 'host_user_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Moves a host identity's binding to another account (the operator's pre-binding). */
    async rebind(orgId: number, platform: HostPlatform, hostUserId: string, accountId: number, now: number) {
      await db
        .updateTable('host_bindings')
        .set({ account_id: accountId, created_at: now })
        .where('org_id', '=', orgId)
        .where('platform', '=', platform)
        .where('host_user_id', '=', hostUserId)
        .execute();
    },

    /** The host identity notifications to an account go to on a platform: its latest binding switched on. */
    async findByAccount(
      orgId: number,
      platform: HostPlatform,
      accountId: number,
    ): Promise<HostBindingRow | undefined> {
      return db
        .selectFrom('host_bindings')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('platform', '=', platform)
        .where('account_id', '=', accountId)
        .where('disabled_at', 'is', null)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
    },

    /**
     * The organisation's bindings on chat hosts (its third-party accounts), by host identity and/or account,
     * at most `limit`, in platform then identity order.
     */
    async list(
      orgId: number,
      filter: { platforms: readonly string[]; hostUserId?: string; accountId?: number },
      limit: number,
    ): Promise<HostBindingRow[]> {
      let query = db
        .selectFrom('host_bindings')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('platform', 'in', [...filter.platforms]);
      if (filter.hostUserId !== undefined) query = query.where('host_user_id', '=', filter.hostUserId);
      if (filter.accountId !== undefined) query = query.where('account_id', '=', filter.accountId);
      return query.orderBy('platform').orderBy('host_user_id').limit(limit).execute();
    },

    /** Switches a host identity off (`disabledAt` set) or on (null). Answers whether it is bound. */
    async setDisabled(
      orgId: number,
      platform: HostPlatform,
      hostUserId: string,
      disabledAt: number | null,
    ): Promise<boolean> {
      const result = await db
        .updateTable('host_bindings')
        .set({ disabled_at: disabledAt })
        .where('org_id', '=', orgId)
        .where('platform', '=', platform)
        .where('host_user_id', '=', hostUserId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type HostBindingsRepository = ReturnType<typeof createHostBindingsRepository>;

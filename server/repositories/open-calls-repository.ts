import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../db/tables';
import type { OpenCallsTable } from '../db/tables/open';

export type OpenCallRow = Selectable<OpenCallsTable>;
export type NewOpenCall = Insertable<OpenCallsTable>;

/** What an open call's outcome sets on its row. */
export interface OpenCallOutcome {
  syncStatus: number;
  responseStatus: number;
  apiStatusCode: number;
  apiStatus: string;
  responseBody: string;
  responseTime: number;
}

const callOf = (row: OpenCallRow): OpenCallRow => ({
  ...row,
  id: Number(row.id),
  org_id: Number(row.org_id),
});

/**
 * The open API's calls (interface log and delay queue), the organisation's delay hours and the external ids
 * its systems name members and departments by. Every query is scoped by organisation.
 */
export function createOpenCallsRepository(db: Kysely<Database>) {
  return {
    async insert(call: NewOpenCall): Promise<number> {
      const row = await db.insertInto('open_calls').values(call).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async finish(orgId: number, id: number, outcome: OpenCallOutcome): Promise<void> {
      await db
        .updateTable('open_calls')
        .set({
          sync_status: outcome.syncStatus,
          response_status: outcome.responseStatus,
          api_status_code: outcome.apiStatusCode,
          api_status: outcome.apiStatus.slice(0, 500),
          response_body: outcome.responseBody,
          response_time: outcome.responseTime,
        })
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .execute();
    },

    async findByReqId(orgId: number, reqId: string): Promise<OpenCallRow | undefined> {
      const row = await db
        .selectFrom('open_calls')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('req_id', '=', reqId)
        .executeTakeFirst();
      return row && callOf(row);
    },

    async findByIdempotencyKey(orgId: number, key: string): Promise<OpenCallRow | undefined> {
      const row = await db
        .selectFrom('open_calls')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      return row && callOf(row);
    },

    /**
     * Claims up to `limit` queued calls that are due, each by a conditional write that only one instance can
     * win: a row is taken when it is still queued and unleased (or its lease ran out, its instance gone).
     */
    async claimDue(now: number, leaseMs: number, limit: number): Promise<OpenCallRow[]> {
      const candidates = await db
        .selectFrom('open_calls')
        .select('id')
        .where('sync_status', '=', 0)
        .where('due_at', '<=', now)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .orderBy('due_at')
        .limit(limit)
        .execute();
      const claimed: OpenCallRow[] = [];
      for (const { id } of candidates) {
        const result = await db
          .updateTable('open_calls')
          .set({ lease_until: now + leaseMs })
          .where('id', '=', id)
          .where('sync_status', '=', 0)
          .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) continue;
        const row = await db.selectFrom('open_calls').selectAll().where('id', '=', id).executeTakeFirst();
        if (row) claimed.push(callOf(row));
      }
      return claimed;
    },

    /**
     * Hands back claims taken with `claimDue` (a stopping instance), so another instance may apply the calls
     * now: only rows still queued whose lease is the one this claim set (a lease that ran out and was taken
     * over since is someone else's).
     */
    async releaseClaims(ids: readonly number[], leaseUntil: number): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('open_calls')
        .set({ lease_until: null })
        .where('id', 'in', [...ids])
        .where('sync_status', '=', 0)
        .where('lease_until', '=', leaseUntil)
        .execute();
    },

    /**
     * Withdraws a queued call no instance is applying (SPEC §4: then nothing of it is applied): status 4
     * with the time and who withdrew it. Answers whether it was withdrawn.
     */
    async withdraw(orgId: number, reqId: string, operator: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('open_calls')
        .set({ sync_status: 4, revoke_time: now, operator: operator.slice(0, 200) })
        .where('org_id', '=', orgId)
        .where('req_id', '=', reqId)
        .where('sync_status', '=', 0)
        .where('due_at', 'is not', null)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Forgets finished calls requested before `before` (SPEC §9: the interface log keeps 3 months). */
    async purgeBefore(before: number): Promise<number> {
      const result = await db
        .deleteFrom('open_calls')
        .where('request_time', '<', before)
        .where('sync_status', '!=', 0)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * A keyset page of the organisation's calls, newest first: rows with a smaller id than the cursor, so a
     * deep page costs what the first does (the (org_id, id) and (org_id, sync_status, id) indexes).
     */
    async page(
      orgId: number,
      filter: { status: number; platform?: string; api?: string; from?: number; to?: number },
      cursor: number | undefined,
      size: number,
    ): Promise<OpenCallRow[]> {
      let query = db.selectFrom('open_calls').selectAll().where('org_id', '=', orgId);
      if (filter.status !== -1) query = query.where('sync_status', '=', filter.status);
      if (filter.platform) query = query.where('application', '=', filter.platform);
      if (filter.api) query = query.where('api_name', '=', filter.api);
      if (filter.from !== undefined) query = query.where('request_time', '>=', filter.from);
      if (filter.to !== undefined) query = query.where('request_time', '<=', filter.to);
      if (cursor !== undefined) query = query.where('id', '<', cursor);
      const rows = await query.orderBy('id', 'desc').limit(size).execute();
      return rows.map(callOf);
    },

    /** The applications that have called for the organisation. */
    async applications(orgId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('open_calls')
        .select('application')
        .distinct()
        .where('org_id', '=', orgId)
        .orderBy('application')
        .execute();
      return rows.map((row) => row.application);
    },

    /** The member or department an external id names, if the organisation's system gave it one. */
    async externalTarget(orgId: number, kind: 'member' | 'department', externalId: string) {
      const row = await db
        .selectFrom('open_external_ids')
        .select('target_id')
        .where('org_id', '=', orgId)
        .where('kind', '=', kind)
        .where('external_id', '=', externalId)
        .executeTakeFirst();
      return row ? Number(row.target_id) : undefined;
    },

    /** The external id the organisation's system gave a member or department, if any. */
    async externalIdOf(orgId: number, kind: 'member' | 'department', targetId: number) {
      const row = await db
        .selectFrom('open_external_ids')
        .select('external_id')
        .where('org_id', '=', orgId)
        .where('kind', '=', kind)
        .where('target_id', '=', targetId)
        .executeTakeFirst();
      return row?.external_id ?? null;
    },

    async setExternalTarget(
      orgId: number,
      kind: 'member' | 'department',
      externalId: string,
      targetId: number,
    ): Promise<void> {
      await db
        .insertInto('open_external_ids')
        .values({ org_id: orgId, kind, external_id: externalId, target_id: targetId })
        .onConflict((conflict) =>
          conflict.columns(['org_id', 'kind', 'external_id']).doUpdateSet({ target_id: targetId }),
        )
        .execute();
    },

    async forgetExternalTarget(orgId: number, kind: 'member' | 'department', targetId: number) {
      await db
        .deleteFrom('open_external_ids')
        .where('org_id', '=', orgId)
        .where('kind', '=', kind)
        .where('target_id', '=', targetId)
        .execute();
    },

    /** A member of the organisation by sign-in mobile or email, former members included. */
    async memberByName(orgId: number, column: 'mobile' | 'email', value: string) {
      const row = await db
        .selectFrom('accounts')
        .select(['id', 'status'])
        .where('org_id', '=', orgId)
        .where(column, '=', value)
        .executeTakeFirst();
      return row ? { id: Number(row.id), status: row.status } : undefined;
    },

    async memberStatus(orgId: number, id: number) {
      const row = await db
        .selectFrom('accounts')
        .select('status')
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.status;
    },

    /** Hours an organisation's open calls wait before they take effect (0: at once). */
    async delayHours(orgId: number): Promise<number> {
      const row = await db
        .selectFrom('org_open_settings')
        .select('delay_hours')
        .where('org_id', '=', orgId)
        .executeTakeFirst();
      return row ? Number(row.delay_hours) : 0;
    },

    async setDelayHours(orgId: number, hours: number, now: number): Promise<void> {
      await db
        .insertInto('org_open_settings')
        .values({ org_id: orgId, delay_hours: hours, updated_at: now })
        .onConflict((conflict) =>
          conflict.column('org_id').doUpdateSet({ delay_hours: hours, updated_at: now }),
        )
        .execute();
    },
  };
}

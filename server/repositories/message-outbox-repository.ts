import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, MessageOutboxTable, OutboxStatus } from '../db/tables';

/** A stored outbox message. */
export type OutboxRow = Selectable<MessageOutboxTable>;
/** A message as it is queued. */
export type NewOutboxMessage = Omit<
  Insertable<MessageOutboxTable>,
  | 'id'
  | 'status'
  | 'attempts'
  | 'lease_owner'
  | 'lease_until'
  | 'platform_message_id'
  | 'last_response'
  | 'sent_at'
>;

/** The outbox of chat-host notifications: queued once per idempotency key, leased to one sender at a time. */
export function createMessageOutboxRepository(db: Kysely<Database>) {
  /** Finishes an attempt of the lease holder; false when the lease was lost (another sender has it now). */
  const finish = async (id: number, owner: string, values: Partial<OutboxRow>): Promise<boolean> => {
    const result = await db
      .updateTable('message_outbox')
      .set({ ...values, lease_owner: '', lease_until: 0 })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  };

  return {
    /** Queues messages; one whose idempotency key is already queued for the organisation is left as it is. */
    async enqueue(messages: NewOutboxMessage[]): Promise<void> {
      if (messages.length === 0) return;
      await db
        .insertInto('message_outbox')
        .values(
          messages.map((message) => ({
            ...message,
            status: 'queued' as const,
            attempts: 0,
            lease_owner: '',
            lease_until: 0,
            platform_message_id: '',
            last_response: '',
            sent_at: null,
          })),
        )
        .onConflict((conflict) => conflict.columns(['org_id', 'idempotency_key']).doNothing())
        .execute();
    },

    /** An organisation's messages with these idempotency keys. */
    async findByKeys(orgId: number, keys: string[]): Promise<OutboxRow[]> {
      if (keys.length === 0) return [];
      return db
        .selectFrom('message_outbox')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('idempotency_key', 'in', keys)
        .orderBy('id')
        .execute();
    },

    /**
     * A page of an organisation's messages, newest first, optionally in one state, each with its
     * recipient's name, mobile number and email; and how many match.
     */
    async page(orgId: number, filter: { status?: OutboxStatus; offset: number; limit: number }) {
      let query = db.selectFrom('message_outbox as m').where('m.org_id', '=', orgId);
      if (filter.status) query = query.where('m.status', '=', filter.status);
      const [rows, count] = await Promise.all([
        query
          .innerJoin('accounts as a', 'a.id', 'm.account_id')
          .select([
            'm.id',
            'm.platform',
            'm.product',
            'm.title',
            'm.status',
            'm.attempts',
            'm.last_response',
            'm.created_at',
            'm.updated_at',
            'm.sent_at',
            'a.real_name',
            'a.mobile',
            'a.email',
          ])
          .orderBy('m.id', 'desc')
          .limit(filter.limit)
          .offset(filter.offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    async findById(id: number): Promise<OutboxRow | undefined> {
      return db.selectFrom('message_outbox').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Leases up to `limit` messages that are due (app clock `now`) and not leased (wall clock `wallNow`)
     * to `owner` until `leaseUntil`; each is taken by one sender only, across instances.
     */
    async claimDue(owner: string, now: number, wallNow: number, leaseUntil: number, limit: number) {
      // One statement: a row another sender leased meanwhile fails the outer condition (PostgreSQL re-checks
      // it on the locked row; SQLite writes one statement at a time), so each row goes to one sender.
      return db
        .updateTable('message_outbox')
        .set({ lease_owner: owner, lease_until: leaseUntil })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('message_outbox')
            .select('id')
            .where('status', '=', 'queued')
            .where('next_attempt_at', '<=', now)
            .where('lease_until', '<', wallNow)
            .orderBy('next_attempt_at')
            .orderBy('id')
            .limit(limit),
        )
        .where('status', '=', 'queued')
        .where('lease_until', '<', wallNow)
        .returningAll()
        .execute();
    },

    /**
     * The organisation's accounts among `accountIds` that are not former members, each with the platforms
     * (of `platforms`) it has a host identity on: one row per account and platform, platform null for none.
     */
    async recipients(orgId: number, accountIds: number[], platforms: string[]) {
      if (accountIds.length === 0) return [];
      return db
        .selectFrom('accounts as a')
        .leftJoin('host_bindings as b', (join) =>
          join
            .onRef('b.account_id', '=', 'a.id')
            .onRef('b.org_id', '=', 'a.org_id')
            .on('b.platform', 'in', platforms.length > 0 ? platforms : ['']),
        )
        .select(['a.id as account_id', 'b.platform'])
        .distinct()
        .where('a.org_id', '=', orgId)
        .where('a.id', 'in', accountIds)
        .where('a.status', '!=', 'removed')
        .execute();
    },

    markSent(id: number, owner: string, attempts: number, messageId: string, response: string, now: number) {
      return finish(id, owner, {
        status: 'sent',
        attempts,
        platform_message_id: messageId.slice(0, 200),
        last_response: response.slice(0, 1000),
        updated_at: now,
        sent_at: now,
      });
    },

    markRetry(
      id: number,
      owner: string,
      attempts: number,
      nextAttemptAt: number,
      response: string,
      now: number,
    ) {
      return finish(id, owner, {
        attempts,
        next_attempt_at: nextAttemptAt,
        last_response: response.slice(0, 1000),
        updated_at: now,
      });
    },

    markFailed(id: number, owner: string, attempts: number, response: string, now: number) {
      return finish(id, owner, {
        status: 'failed',
        attempts,
        last_response: response.slice(0, 1000),
        updated_at: now,
      });
    },

    /** Gives back the leases of messages a stopping sender had claimed but not sent. */
    async releaseLeases(owner: string, ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('message_outbox')
        .set({ lease_owner: '', lease_until: 0 })
        .where('lease_owner', '=', owner)
        .where('id', 'in', ids)
        .execute();
    },

    /** How many messages are in each state (for monitoring and the benchmark). */
    async countByStatus(): Promise<Record<string, number>> {
      const rows = await db
        .selectFrom('message_outbox')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('status')
        .execute();
      return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
    },
  };
}

export type MessageOutboxRepository = ReturnType<typeof createMessageOutboxRepository>;

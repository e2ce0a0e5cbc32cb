import type { Kysely, Selectable } from 'kysely';
import type { NoticeDraft, NoticeType, SurveyChoice } from '../../domain/rules/notices';
import type { Database, NoticesTable } from '../db/tables';

/** A stored notice row. */
export type NoticeRow = Selectable<NoticesTable>;

/** What a user chose for a survey. */
export interface StoredReminder {
  choice: SurveyChoice;
  remindAt: number | null;
}

/**
 * Notices and the survey choices of users (notices, notice_reminders; 0025-notices). A notice belongs to an
 * organisation or, with org_id null, to the whole deployment (the operator's). Member reads take the
 * member's organisation and see both; administrator calls take their organisation and see only its own.
 */
export function createNoticesRepository(db: Kysely<Database>) {
  return {
    /** Stores a notice for an organisation, or for every organisation when orgId is null; returns its id. */
    async insert(orgId: number | null, draft: NoticeDraft, createdBy: string, now: number): Promise<number> {
      const row = await db
        .insertInto('notices')
        .values({
          org_id: orgId,
          notice_type: draft.NoticeType,
          title: draft.Title,
          detail: draft.Detail,
          en_detail: draft.EnDetail,
          link: draft.Link,
          begin_at: draft.BeginTime,
          end_at: draft.EndTime,
          created_by: createdBy,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /**
     * Notices of a kind live at `now` for a member of `orgId` (the deployment's and the organisation's),
     * newest begin first, at most `limit`.
     */
    async live(orgId: number, type: NoticeType, now: number, limit: number): Promise<NoticeRow[]> {
      return db
        .selectFrom('notices')
        .selectAll()
        .where('notice_type', '=', type)
        .where('end_at', '>', now)
        .where('begin_at', '<=', now)
        .where((eb) => eb.or([eb('org_id', 'is', null), eb('org_id', '=', orgId)]))
        .orderBy('begin_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** A notice a member of `orgId` may see (the deployment's or their organisation's), or undefined. */
    async findVisible(orgId: number, id: number): Promise<NoticeRow | undefined> {
      return db
        .selectFrom('notices')
        .selectAll()
        .where('id', '=', id)
        .where((eb) => eb.or([eb('org_id', 'is', null), eb('org_id', '=', orgId)]))
        .executeTakeFirst();
    },

    /** One of the organisation's own notices, or undefined (another's or the deployment's: undefined). */
    async findOwn(orgId: number, id: number): Promise<NoticeRow | undefined> {
      return db
        .selectFrom('notices')
        .selectAll()
        .where('id', '=', id)
        .where('org_id', '=', orgId)
        .executeTakeFirst();
    },

    /** A page of the organisation's own notices, newest first, with their count. */
    async pageOwn(orgId: number, pageIndex: number, pageSize: number) {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('notices')
          .selectAll()
          .where('org_id', '=', orgId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((pageIndex - 1) * pageSize)
          .execute(),
        db
          .selectFrom('notices')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('org_id', '=', orgId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** How many notices the organisation posted since `since` (the daily cap). */
    async countOwnSince(orgId: number, since: number): Promise<number> {
      const row = await db
        .selectFrom('notices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('org_id', '=', orgId)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The deployment's notices (org_id null) and, with `all`, every organisation's, newest first. */
    async listForOperator(all: boolean, limit: number): Promise<NoticeRow[]> {
      let query = db.selectFrom('notices').selectAll();
      if (!all) query = query.where('org_id', 'is', null);
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    async findById(id: number): Promise<NoticeRow | undefined> {
      return db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Ends a notice at `now` (one not yet begun ends before it begins); false when it had already ended. */
    async end(id: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('notices')
        .set((eb) => ({
          end_at: now,
          begin_at: eb.case().when('begin_at', '>', now).then(now).else(eb.ref('begin_at')).end(),
        }))
        .where('id', '=', id)
        .where('end_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** What the account chose for these surveys, by notice id. */
    async remindersOf(accountId: number, noticeIds: number[]): Promise<Map<number, StoredReminder>> {
      if (noticeIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('notice_reminders')
        .select(['notice_id', 'choice', 'remind_at'])
        .where('account_id', '=', accountId)
        .where('notice_id', 'in', noticeIds)
        .execute();
      return new Map(
        rows.map((row) => [
          Number(row.notice_id),
          {
            choice: row.choice as SurveyChoice,
            remindAt: row.remind_at === null ? null : Number(row.remind_at),
          },
        ]),
      );
    },

    /** Records (or replaces) what the account chose for a survey. */
    async saveReminder(noticeId: number, accountId: number, reminder: StoredReminder, now: number) {
      const values = { choice: reminder.choice, remind_at: reminder.remindAt, updated_at: now };
      await db
        .insertInto('notice_reminders')
        .values({ notice_id: noticeId, account_id: accountId, ...values })
        .onConflict((oc) => oc.columns(['notice_id', 'account_id']).doUpdateSet(values))
        .execute();
    },
  };
}

import type { Kysely } from 'kysely';
import { DAY_MS } from '../../domain/constants';
import {
  type NoticeDraft,
  type NoticeType,
  surveyDue,
  surveyRemindAt,
  type SurveyFinalChoice,
  type SurveyRemindDays,
} from '../../domain/rules/notices';
import type { Notice } from '../../domain/schemas/notices';
import { presentNotice } from '../presenters/notice-presenter';
import type { Database } from '../db/tables';
import { readRepositories, withTransaction } from '../repositories';
import type { NoticeRow, StoredReminder } from '../repositories/notices-repository';
import type { Operator } from '../core/operator';
import { ApiError } from '../core/errors';
import type { NoticeAuthorContext, OrgChangeContext } from './service-context';
import { logLabel, logMessage, logTime } from '../../domain/rules/operation-log-content';

/** Notices an organisation may post in a day: a member's banner and popups are not a chat channel. */
export const ORG_NOTICES_PER_DAY = 20;

/** Live notices looked at to find the latest one a member has not put off (surveys put off are skipped). */
const LIVE_LOOKAHEAD = 20;

/**
 * The latest notice of a kind a member sees now (SPEC §7 noticeOperation/latest): the deployment's or their
 * organisation's, live between its begin and end; for a survey, the latest one the member has not
 * answered, refused or put off until later than now.
 */
export async function latestNoticeFor(
  db: Kysely<Database>,
  member: { orgId: number; accountId: number },
  type: NoticeType,
  now: number,
): Promise<Notice | null> {
  const repos = readRepositories(db);
  const live = await repos.notices.live(member.orgId, type, now, type === 'survey' ? LIVE_LOOKAHEAD : 1);
  if (type === 'announcement') return live[0] ? presentNotice(live[0]) : null;
  const reminders = await repos.notices.remindersOf(
    member.accountId,
    live.map((row) => Number(row.id)),
  );
  const due = live.find((row) => surveyDue(reminders.get(Number(row.id)), now));
  return due ? presentNotice(due) : null;
}

/** A survey the member cannot see (another organisation's, an announcement, none such): 404. */
export class NoticeNotFound extends Error {}

/**
 * Records a member's answer to a survey (SPEC §4, stored per user and notice): remind me after 3, 7 or 15
 * days, or a final answer (answered, never). Only a survey the member may see can be answered.
 */
export async function recordSurveyChoice(
  db: Kysely<Database>,
  member: { orgId: number; accountId: number },
  noticeId: number,
  choice: { days: SurveyRemindDays } | { final: SurveyFinalChoice },
  now: number,
): Promise<StoredReminder> {
  const notice = await readRepositories(db).notices.findVisible(member.orgId, noticeId);
  if (!notice || notice.notice_type !== 'survey') throw new NoticeNotFound();
  const reminder: StoredReminder =
    'days' in choice
      ? { choice: 'later', remindAt: surveyRemindAt(choice.days, now) }
      : { choice: choice.final, remindAt: null };
  await withTransaction(db, (repos) => repos.notices.saveReminder(noticeId, member.accountId, reminder, now));
  return reminder;
}

/**
 * Posts a notice to an organisation's members (or, orgId null, the operator's to every organisation); an
 * organisation's notice writes its operation-log row in the same transaction. Returns the new notice's id.
 */
export async function postNotice(context: NoticeAuthorContext, draft: NoticeDraft): Promise<number> {
  const { db, orgId, operator, now } = context;
  return withTransaction(db, async (repos) => {
    const id = await repos.notices.insert(orgId, draft, operator.name, now);
    if (orgId !== null) {
      await repos.operationLogs.insert({
        orgId,
        operatorId: operator.id,
        operatorName: operator.name,
        module: 'systemSetting',
        content: logMessage('operationLog.content.noticePosted', {
          id,
          type: logLabel(`notices.admin.types.${draft.NoticeType}`),
          title: draft.Title,
          from: logTime(draft.BeginTime),
          to: logTime(draft.EndTime),
        }),
        now,
      });
    }
    return id;
  });
}

/**
 * Ends a notice now (it stops showing at once). `orgId` limits it to that organisation's own notices (an
 * administrator's); null lets the operator end any. Returns the notice as it ended, or null when there is
 * no such notice for the caller; an organisation's notice writes its operation-log row.
 */
export async function endNotice(
  db: Kysely<Database>,
  orgId: number | null,
  noticeId: number,
  operator: Operator,
  now: number,
): Promise<NoticeRow | null> {
  return withTransaction(db, async (repos) => {
    const notice =
      orgId === null ? await repos.notices.findById(noticeId) : await repos.notices.findOwn(orgId, noticeId);
    if (!notice) return null;
    const ended = await repos.notices.end(noticeId, now);
    if (ended && notice.org_id !== null) {
      await repos.operationLogs.insert({
        orgId: Number(notice.org_id),
        operatorId: operator.id,
        operatorName: operator.name,
        module: 'systemSetting',
        content: logMessage('operationLog.content.noticeEnded', {
          id: noticeId,
          type: logLabel(`notices.admin.types.${notice.notice_type as NoticeType}`),
          title: notice.title,
        }),
        now,
      });
    }
    return (await repos.notices.findById(noticeId)) ?? null;
  });
}

/** A page of an organisation's own notices, newest first (the administrator's Notices tab). */
export function orgNoticePage(db: Kysely<Database>, orgId: number, pageIndex: number, pageSize: number) {
  return readRepositories(db).notices.pageOwn(orgId, pageIndex, pageSize);
}

/**
 * An administrator posts a notice to their organisation's members: at most ORG_NOTICES_PER_DAY in any 24
 * hours (429), then as postNotice. Answers the notice as saved.
 */
export async function postOrgNotice(context: OrgChangeContext, draft: NoticeDraft): Promise<NoticeRow> {
  const { db, orgId, now } = context;
  const repos = readRepositories(db);
  if ((await repos.notices.countOwnSince(orgId, now - DAY_MS)) >= ORG_NOTICES_PER_DAY) {
    throw new ApiError(429, 'errors.notices.tooMany', { count: ORG_NOTICES_PER_DAY });
  }
  const id = await postNotice(context, draft);
  const saved = await repos.notices.findOwn(orgId, id);
  if (!saved) throw new ApiError(404, 'errors.notices.notFound');
  return saved;
}

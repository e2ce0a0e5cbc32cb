import type { NoticeType, SurveyFinalChoice, SurveyRemindDays } from '../../domain/rules/notices';
import {
  latestNoticeResponseSchema,
  type Notice,
  type NoticeDraftInput,
  type OrgNotice,
  orgNoticePageSchema,
  type OrgNoticePage,
  orgNoticeSchema,
  type SurveyReminder,
  surveyReminderSchema,
} from '../../domain/schemas/notices';
import { apiClient } from './api-client';

/**
 * GET /api/noticeOperation/latest?noticeType: the newest live announcement or survey for the signed-in
 * member, or null. Silent: a portal without its banner still works.
 */
export async function getLatestNotice(type: NoticeType): Promise<Notice | null> {
  return latestNoticeResponseSchema.parse(
    await apiClient().get('/noticeOperation/latest', { query: { noticeType: type }, silent: true }),
  );
}

/** POST /api/noticeOperation/LastTime: remind me about this survey after 3, 7 or 15 days. */
export async function remindSurveyLater(noticeId: number, days: SurveyRemindDays): Promise<SurveyReminder> {
  return surveyReminderSchema.parse(
    await apiClient().post('/noticeOperation/LastTime', { NoticeId: noticeId, Days: days }),
  );
}

/** POST /api/noticeOperation/lastFunction: the survey is answered, or never show it again. */
export async function finishSurvey(noticeId: number, choice: SurveyFinalChoice): Promise<SurveyReminder> {
  return surveyReminderSchema.parse(
    await apiClient().post('/noticeOperation/lastFunction', { NoticeId: noticeId, Choice: choice }),
  );
}

/** GET /api/noticeOperation/org: a page of the organisation's own notices, for its administrators. */
export async function listOrgNotices(pageIndex: number, pageSize: number): Promise<OrgNoticePage> {
  return orgNoticePageSchema.parse(
    await apiClient().get('/noticeOperation/org', { query: { pageIndex, pageSize }, silent: true }),
  );
}

/** POST /api/noticeOperation/org: posts a notice to the organisation's members. */
export async function postOrgNotice(draft: NoticeDraftInput): Promise<OrgNotice> {
  return orgNoticeSchema.parse(await apiClient().post('/noticeOperation/org', draft, { silent: true }));
}

/** POST /api/noticeOperation/org/{id}/end: ends one of the organisation's notices now. */
export async function endOrgNotice(id: number): Promise<OrgNotice> {
  return orgNoticeSchema.parse(await apiClient().post(`/noticeOperation/org/${id}/end`));
}

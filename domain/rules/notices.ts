import type { Language } from '../constants';
import { DAY_MS } from '../constants';

/** The two kinds of notice (SPEC §1): the system-update announcement banner and the satisfaction survey. */
export const NOTICE_TYPES = ['announcement', 'survey'] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];

/** Remind me later: after 3, 7 or 15 days (SPEC §9; also worded 3 days, 1 week, 1 month). */
export const SURVEY_REMIND_DAYS = [3, 7, 15] as const;
export type SurveyRemindDays = (typeof SURVEY_REMIND_DAYS)[number];

/** The answers that end a survey for a user for good: they filled it in, or asked never to see it again. */
export const SURVEY_FINAL_CHOICES = ['answered', 'never'] as const;
export type SurveyFinalChoice = (typeof SURVEY_FINAL_CHOICES)[number];

/** What a user chose for a survey: a final answer, or remind me later. */
export type SurveyChoice = SurveyFinalChoice | 'later';

/** Lengths of a notice's texts: a one-line title, a paragraph or two of detail, a survey address. */
export const NOTICE_LIMITS = { title: 100, detail: 2000, link: 500 } as const;

/** Whether a notice is shown at `now`: from its begin time (included) until its end time (excluded). */
export function noticeIsLive(notice: { beginAt: number; endAt: number }, now: number): boolean {
  return notice.beginAt <= now && now < notice.endAt;
}

/** Where a notice stands at `now`: not yet begun, shown, or over. */
export function noticeStatus(
  notice: { beginAt: number; endAt: number },
  now: number,
): 'scheduled' | 'live' | 'ended' {
  if (now < notice.beginAt) return 'scheduled';
  return now < notice.endAt ? 'live' : 'ended';
}

/** When a survey put off by `days` comes back. */
export function surveyRemindAt(days: SurveyRemindDays, now: number): number {
  return now + days * DAY_MS;
}

/**
 * Whether the survey pops up for a user at `now` (SPEC §4): until they answer it or say never, and again
 * once a 'remind me later' has run out. No choice yet: it pops up.
 */
export function surveyDue(
  reminder: { choice: SurveyChoice; remindAt: number | null } | null | undefined,
  now: number,
): boolean {
  if (!reminder) return true;
  if (reminder.choice !== 'later') return false;
  return reminder.remindAt === null || now >= reminder.remindAt;
}

/**
 * A notice's text in the user's language (SPEC §1: Chinese for zh-CN, otherwise English): Detail or EnDetail,
 * falling back to the other when one was left empty.
 */
export function noticeText(notice: { Detail: string; EnDetail: string }, language: Language): string {
  const [first, second] =
    language === 'zh-CN' ? [notice.Detail, notice.EnDetail] : [notice.EnDetail, notice.Detail];
  return first.trim() ? first : second;
}

/**
 * Whether a survey address may be offered as a link: http or https only, so a `javascript:` or `data:`
 * address typed by an administrator can never run in a member's page.
 */
export function isSafeSurveyLink(link: string): boolean {
  if (link === '') return true;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Text as it is stored and shown: control characters other than line breaks and tabs removed, Windows line
 * ends made plain, surrounding blanks trimmed. Markup is not touched: every view renders it as text.
 */
export function cleanNoticeText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
      .trim()
  );
}

/** A notice as an administrator or operator writes it, before it is stored. */
export interface NoticeDraft {
  NoticeType: NoticeType;
  Title: string;
  Detail: string;
  EnDetail: string;
  Link: string;
  BeginTime: number;
  EndTime: number;
}

/** The error key of a notice field's problem, by field. */
export type NoticeDraftProblems = Partial<Record<keyof NoticeDraft, NoticeErrorKey>>;

/** Error keys of notices (errors.notices.*). */
export type NoticeErrorKey =
  | 'errors.notices.titleRequired'
  | 'errors.notices.titleTooLong'
  | 'errors.notices.detailRequired'
  | 'errors.notices.detailTooLong'
  | 'errors.notices.linkInvalid'
  | 'errors.notices.windowInvalid';

/**
 * What is wrong with a notice draft (texts already cleaned): a title, some detail in at least one language,
 * within their lengths, an http(s) survey address or none, and an end after the begin.
 */
export function noticeDraftProblems(draft: NoticeDraft): NoticeDraftProblems {
  const problems: NoticeDraftProblems = {};
  if (!draft.Title.trim()) problems.Title = 'errors.notices.titleRequired';
  else if (draft.Title.length > NOTICE_LIMITS.title) problems.Title = 'errors.notices.titleTooLong';
  if (!draft.Detail.trim() && !draft.EnDetail.trim()) problems.Detail = 'errors.notices.detailRequired';
  if (draft.Detail.length > NOTICE_LIMITS.detail) problems.Detail = 'errors.notices.detailTooLong';
  if (draft.EnDetail.length > NOTICE_LIMITS.detail) problems.EnDetail = 'errors.notices.detailTooLong';
  if (draft.Link.length > NOTICE_LIMITS.link || !isSafeSurveyLink(draft.Link)) {
    problems.Link = 'errors.notices.linkInvalid';
  }
  if (!(draft.EndTime > draft.BeginTime)) problems.EndTime = 'errors.notices.windowInvalid';
  return problems;
}

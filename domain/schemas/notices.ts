import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';
import {
  cleanNoticeText,
  NOTICE_TYPES,
  noticeDraftProblems,
  SURVEY_FINAL_CHOICES,
  SURVEY_REMIND_DAYS,
} from '../rules/notices';
import { optionalText } from './common';

/** Room above each text's limit: longer text is refused by the rules with its own words. */
const TEXT_MAX = 10_000;

export const noticeTypeSchema = z.enum(NOTICE_TYPES);

/** GET /api/noticeOperation/latest?noticeType: which kind of notice is asked for. */
export const latestNoticeQuerySchema = z.object({ noticeType: noticeTypeSchema });

/**
 * One notice as a member reads it (SPEC §3 Notice: ID, Title, Detail, EnDetail, BeginTime, EndTime). Texts
 * are plain text, to be shown as text. `Link` is a survey's address (http or https), '' when the survey is
 * answered in the popup itself. `Scope` says whether the operator posted it to everyone (deployment) or
 * the member's own organisation did.
 */
export const noticeSchema = z.object({
  ID: z.number(),
  NoticeType: noticeTypeSchema,
  Title: z.string(),
  Detail: z.string(),
  EnDetail: z.string(),
  Link: z.string(),
  /** Epoch ms: shown from BeginTime until EndTime. */
  BeginTime: z.number(),
  EndTime: z.number(),
  Scope: z.enum(['deployment', 'organization']),
});
export type Notice = z.infer<typeof noticeSchema>;

/** The latest notice of a kind shown to this member now, or null. */
export const latestNoticeResponseSchema = noticeSchema.nullable();

/** POST /api/noticeOperation/LastTime: remind me about this survey after 3, 7 or 15 days. */
export const surveyLaterRequestSchema = z.object({
  NoticeId: z.number().int().positive(),
  Days: z.literal(SURVEY_REMIND_DAYS, { error: 'errors.notices.remindDays' }),
});
export type SurveyLaterRequest = z.infer<typeof surveyLaterRequestSchema>;

/** POST /api/noticeOperation/lastFunction: this survey is answered, or never show it again. */
export const surveyFinalRequestSchema = z.object({
  NoticeId: z.number().int().positive(),
  Choice: z.enum(SURVEY_FINAL_CHOICES),
});
export type SurveyFinalRequest = z.infer<typeof surveyFinalRequestSchema>;

/** What is stored for the user and survey: the choice and, for 'later', when it comes back. */
export const surveyReminderSchema = z.object({
  NoticeId: z.number(),
  Choice: z.enum(['answered', 'never', 'later']),
  RemindAt: z.number().nullable(),
});
export type SurveyReminder = z.infer<typeof surveyReminderSchema>;

const text = (max: number) => optionalText(max).transform(cleanNoticeText);

/**
 * POST /api/noticeOperation/org: a notice an organisation administrator posts to their own members. Texts
 * are cleaned of control characters and checked by noticeDraftProblems (the CLI uses the same rules).
 */
export const noticeDraftSchema = z
  .object({
    NoticeType: noticeTypeSchema,
    Title: text(TEXT_MAX),
    Detail: text(TEXT_MAX).default(''),
    EnDetail: text(TEXT_MAX).default(''),
    Link: optionalText(TEXT_MAX).default(''),
    BeginTime: z.number().int().nonnegative(),
    EndTime: z.number().int().nonnegative(),
  })
  .superRefine((draft, ctx) => {
    for (const [field, key] of Object.entries(noticeDraftProblems(draft))) {
      ctx.addIssue({ code: 'custom', path: [field], message: key });
    }
  });
export type NoticeDraftInput = z.input<typeof noticeDraftSchema>;

/** GET /api/noticeOperation/org: a page of the organisation's notices, newest first. */
export const orgNoticeListQuerySchema = z.object({
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

/** One of the organisation's notices on the administrator's screen. */
export const orgNoticeSchema = noticeSchema.extend({
  Status: z.enum(['scheduled', 'live', 'ended']),
  CreatedBy: z.string(),
  CreatedAt: z.number(),
});
export type OrgNotice = z.infer<typeof orgNoticeSchema>;

export const orgNoticePageSchema = z.object({
  total: z.number(),
  rows: z.array(orgNoticeSchema),
});
export type OrgNoticePage = z.infer<typeof orgNoticePageSchema>;

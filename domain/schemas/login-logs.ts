import { z } from 'zod';
import { DEFAULT_PAGE_INDEX, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';
import { LOGIN_LOG_MAX_SPAN_MS, LOGIN_LOG_RANGES } from '../rules/login-log';
import { errorKeySchema } from './common';

const KEYWORD_MAX_LENGTH = 100;
const TIME_ZONE_MAX_LENGTH = 64;

/** A custom window needs both ends, in order, no longer than LOGIN_LOG_MAX_SPAN_MS. */
function checkWindow(value: { from?: number; to?: number }, ctx: z.RefinementCtx): void {
  const { from, to } = value;
  if (from === undefined && to === undefined) return;
  if (from === undefined || to === undefined || from > to || to - from > LOGIN_LOG_MAX_SPAN_MS) {
    ctx.addIssue({
      code: 'custom',
      path: [from === undefined ? 'from' : 'to'],
      message: 'errors.loginLog.invalidWindow',
    });
  }
}

/** What a login-log list or export asks for, as numbers (a JSON body) or text (a query string). */
function filterShape(number: z.ZodNumber | z.ZodCoercedNumber) {
  return {
    /** A named range ending now; ignored when from and to are given. The default is the last 3 days. */
    range: z.enum(LOGIN_LOG_RANGES).optional(),
    /** Epoch ms, both ends included. */
    from: number.int().nonnegative().optional(),
    to: number.int().nonnegative().optional(),
    /** Administrators: one member of their own organisation. A member may name only themself. */
    accountId: number.int().positive().optional(),
    /** Administrators: members whose account name or real name contains this. */
    keyword: z.string().trim().max(KEYWORD_MAX_LENGTH, 'errors.validation.tooLong').optional(),
  };
}

/** Body of POST /api/loginLog/page: a window, an optional member filter and the page (from 1). */
export const loginLogPageRequestSchema = z
  .object({
    ...filterShape(z.number()),
    /**
     * `own` (the default): the caller's own sign-ins. `organization`: every member's, for administrators;
     * naming an accountId or a keyword implies it.
     */
    scope: z.enum(['own', 'organization']).default('own'),
    pageIndex: z.number().int().min(1).default(DEFAULT_PAGE_INDEX),
    pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  })
  .superRefine(checkWindow);
export type LoginLogPageRequest = z.input<typeof loginLogPageRequestSchema>;

const exportShape = (number: z.ZodNumber | z.ZodCoercedNumber) => ({
  ...filterShape(number),
  /** IANA time zone the file's times are written in (the user's own); UTC when absent. */
  timeZone: z.string().max(TIME_ZONE_MAX_LENGTH, 'errors.validation.tooLong').optional(),
});

/** Body of POST /api/loginLog/exportLoginLog. */
export const loginLogExportRequestSchema = z.object(exportShape(z.number())).superRefine(checkWindow);
export type LoginLogExportRequest = z.input<typeof loginLogExportRequestSchema>;

/** Query of GET /api/loginLog/exportLoginLog: the same fields as text. */
export const loginLogExportQuerySchema = z.object(exportShape(z.coerce.number())).superRefine(checkWindow);

/** One sign-in attempt (SPEC §3 login record). Product is a code the client names; Reason an error key. */
export const loginLogRowSchema = z.object({
  ID: z.number(),
  AccountID: z.number().nullable(),
  /** The name typed at sign-in (a mobile number, an email or a domain user). */
  Account: z.string(),
  /** The member's name, for an attempt on a known account. */
  RealName: z.string().nullable(),
  /** Epoch ms. */
  LoginTime: z.number(),
  IP: z.string(),
  Browser: z.string(),
  Product: z.string(),
  LoginClient: z.string(),
  Success: z.boolean(),
  /** Why a failed attempt was refused, or null for a success. */
  Reason: errorKeySchema.nullable(),
});
export type LoginLogRow = z.infer<typeof loginLogRowSchema>;

/** Answer of POST /api/loginLog/page: the rows of one page and how many the window holds. */
export const loginLogPageSchema = z.object({
  total: z.number(),
  rows: z.array(loginLogRowSchema),
});
export type LoginLogPage = z.infer<typeof loginLogPageSchema>;

/**
 * GET /api/account/securityNotice (SPEC §4 account notice): what matters for the signed-in account's
 * security now. No secret: only the account's own sign-ins and password dates.
 */
export const securityNoticeSchema = z.object({
  /** The successful sign-in before the current session's, or null when this is the first. */
  PreviousLogin: z
    .object({ Time: z.number(), IP: z.string(), Browser: z.string(), Product: z.string() })
    .nullable(),
  /** Failed sign-ins on this account since that sign-in (or within the lookback when there is none). */
  FailedAttempts: z.object({
    Count: z.number(),
    LastTime: z.number().nullable(),
    LastIP: z.string().nullable(),
  }),
  /** When the password was set and when the organisation's policy makes it expire; null for a domain account. */
  Password: z.object({ ChangedAt: z.number(), ExpiresAt: z.number().nullable() }).nullable(),
});
export type SecurityNotice = z.infer<typeof securityNoticeSchema>;

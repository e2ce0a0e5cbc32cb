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

/** The result filter of the organisation's login log: successful or failed attempts only. */
export const LOGIN_LOG_RESULTS = ['success', 'failure'] as const;
export type LoginLogResult = (typeof LOGIN_LOG_RESULTS)[number];

/** The administrators' filters over the organisation's log: the member filters, a department, a result. */
function organizationFilterShape(number: z.ZodNumber | z.ZodCoercedNumber) {
  return {
    ...filterShape(number),
    /** Members of this department of the caller's organisation or of any department below it. */
    deptId: number.int().positive().optional(),
    result: z.enum(LOGIN_LOG_RESULTS).optional(),
  };
}

/**
 * Body of POST /api/loginLog/organizationPage (administrators): the organisation's sign-ins, filtered, a
 * page at a time by keyset: `cursor` is the `nextCursor` of the page before, absent for the first page.
 */
export const orgLoginLogPageRequestSchema = z
  .object({
    ...organizationFilterShape(z.number()),
    pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    cursor: z.string().max(40).optional(),
  })
  .superRefine(checkWindow);
export type OrgLoginLogPageRequest = z.input<typeof orgLoginLogPageRequestSchema>;

const exportShape = (number: z.ZodNumber | z.ZodCoercedNumber) => ({
  ...organizationFilterShape(number),
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

/** A sign-in in the organisation's log: a login record with the member's department now. */
export const orgLoginLogRowSchema = loginLogRowSchema.extend({ Department: z.string().nullable() });
export type OrgLoginLogRow = z.infer<typeof orgLoginLogRowSchema>;

/** Answer of POST /api/loginLog/organizationPage: newest first; `nextCursor` is null on the last page. */
export const orgLoginLogPageSchema = z.object({
  rows: z.array(orgLoginLogRowSchema),
  nextCursor: z.string().nullable(),
});
export type OrgLoginLogPage = z.infer<typeof orgLoginLogPageSchema>;

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

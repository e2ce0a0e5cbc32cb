import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';
import { LOGIN_LOG_MAX_SPAN_MS, LOGIN_LOG_RANGES } from '../rules/login-log';

const KEYWORD_MAX_LENGTH = 100;
const TIME_ZONE_MAX_LENGTH = 64;

/** A custom window needs both ends, in order, at most a year and a day. */
function checkWindow(value: { from?: number; to?: number }, ctx: z.RefinementCtx): void {
  const { from, to } = value;
  if (from === undefined && to === undefined) return;
  if (from === undefined || to === undefined || from > to || to - from > LOGIN_LOG_MAX_SPAN_MS) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'errors.operationLog.invalidWindow' });
  }
}

/** The filters of the operation log, shared by the list and the export. */
const filterShape = {
  /** A named range ending now (last 3 days, week, month); ignored when from and to are given. */
  range: z.enum(LOGIN_LOG_RANGES).optional(),
  /** Epoch ms, both ends included. */
  from: z.number().int().nonnegative().optional(),
  to: z.number().int().nonnegative().optional(),
  /** One module's changes. */
  module: z.string().max(64, 'errors.validation.tooLong').optional(),
  /** One administrator's changes, or `cli` for the operator's commands. */
  operator: z.union([z.number().int().positive(), z.literal('cli')]).optional(),
  /** Changes whose content contains this (case-insensitive). */
  keyword: z.string().trim().max(KEYWORD_MAX_LENGTH, 'errors.validation.tooLong').optional(),
};

/** Body of POST /api/operationLog/page: the filters, a page size and where the last page ended. */
export const operationLogPageRequestSchema = z
  .object({
    ...filterShape,
    pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    /** The `nextCursor` of the page before, absent for the first page. */
    cursor: z.string().max(40).optional(),
  })
  .superRefine(checkWindow);
export type OperationLogPageRequest = z.input<typeof operationLogPageRequestSchema>;

/** Body of POST /api/operationLog/exportOperationLog: the filters and the time zone of the file's times. */
export const operationLogExportRequestSchema = z
  .object({
    ...filterShape,
    timeZone: z.string().max(TIME_ZONE_MAX_LENGTH, 'errors.validation.tooLong').optional(),
  })
  .superRefine(checkWindow);
export type OperationLogExportRequest = z.input<typeof operationLogExportRequestSchema>;

/** One change (SPEC §3 operation log: operator, content, time, module). */
export const operationLogRowSchema = z.object({
  ID: z.number(),
  /** The administrator's account id, or null for an operator's command. */
  OperatorID: z.number().nullable(),
  Operator: z.string(),
  Module: z.string(),
  Content: z.string(),
  /** Epoch ms. */
  Time: z.number(),
});
export type OperationLogRow = z.infer<typeof operationLogRowSchema>;

/** A page of the list, newest first; `nextCursor` asks for the page after it, null on the last page. */
export const operationLogPageSchema = z.object({
  rows: z.array(operationLogRowSchema),
  nextCursor: z.string().nullable(),
});
export type OperationLogPage = z.infer<typeof operationLogPageSchema>;

/** GET /api/operationLog/operators: who may be filtered on (the organisation's administrators). */
export const operationLogOperatorsSchema = z.array(z.object({ ID: z.number(), Name: z.string() }));
export type OperationLogOperator = z.infer<typeof operationLogOperatorsSchema>[number];

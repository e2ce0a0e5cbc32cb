import { z } from 'zod';
import { errorKeySchema } from './common';

/** Largest upload of a filled template: far above what 50,000 rows take (about 3 MB). */
export const MEMBER_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** The same limit as the error message names it. */
export const MEMBER_IMPORT_MAX_LABEL = '10 MB';
/** Most member rows one file may hold; a longer file is refused before any row is checked. */
export const MEMBER_IMPORT_MAX_ROWS = 50_000;
/** Most problems one answer lists; `ProblemCount` says how many there were in all. */
export const MEMBER_IMPORT_MAX_PROBLEMS = 200;

/** The template's columns, in order: what each cell of a row holds. */
export const MEMBER_IMPORT_COLUMNS = [
  'name',
  'mobile',
  'email',
  'department',
  'superior',
  'products',
] as const;
/** The SSO-account template's columns: the identity provider's user id first, then a member's. */
export const SSO_IMPORT_COLUMNS = ['externalId', ...MEMBER_IMPORT_COLUMNS] as const;
/** Any column of either template. */
export type MemberImportColumn = (typeof SSO_IMPORT_COLUMNS)[number];
/** Which import: members who sign in with a password, or SSO accounts keyed by an external id. */
export type MemberImportKind = 'members' | 'sso';
/** Longest external id (the identity provider's user id). */
export const EXTERNAL_ID_MAX_LENGTH = 128;

/** One problem of a refused file: the spreadsheet row (the header is row 1), the column, an error key. */
export const memberImportProblemSchema = z.object({
  Row: z.number(),
  /** The column the problem is in, or null for a problem of the whole row. */
  Column: z.enum(SSO_IMPORT_COLUMNS).nullable(),
  key: errorKeySchema,
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type MemberImportProblem = z.infer<typeof memberImportProblemSchema>;

/**
 * The one-time download of imported members' initial passwords that were not sent to them: its ID (a
 * token only the importing administrator is answered), how many members it lists, and when it ends.
 */
export const importPasswordFileSchema = z.object({
  ID: z.string(),
  Count: z.number(),
  ExpiresAt: z.number(),
});
export type ImportPasswordFile = z.infer<typeof importPasswordFileSchema>;

/**
 * Answer of POST /api/account/import. Either every row was imported (`Imported` rows, no problems) or none
 * was: `Imported` is 0 and `Problems` lists the first MEMBER_IMPORT_MAX_PROBLEMS problems by row.
 * Each imported member has their own initial password, to change at the first sign-in: `Sent` members got
 * theirs by mail or SMS; the others' are in `PasswordFile`, downloadable once by the importing
 * administrator for 24 hours (null when every one was sent, for SSO accounts and when nothing was imported).
 */
export const memberImportReportSchema = z.object({
  Imported: z.number(),
  Problems: z.array(memberImportProblemSchema),
  ProblemCount: z.number(),
  Sent: z.number(),
  PasswordFile: importPasswordFileSchema.nullable(),
});

/**
 * Answer of GET /api/account/import/passwords: the caller's own download still waiting (null: none), for the
 * import dialog to offer again after it was closed, with when its import was made.
 */
export const pendingImportPasswordFileSchema = z.object({
  PasswordFile: importPasswordFileSchema.extend({ CreatedAt: z.number() }).nullable(),
});
export type PendingImportPasswordFile = z.infer<typeof pendingImportPasswordFileSchema>;

/** Params of POST /api/account/import/passwords/{id}: the download's ID from the import's answer. */
export const importPasswordFileParamsSchema = z.object({ id: z.string().min(1).max(100) });
export type MemberImportReport = z.infer<typeof memberImportReportSchema>;

/** Query of GET /api/account/import/template: the language of the header row (the caller's by default). */
export const memberImportTemplateQuerySchema = z.object({
  lang: z.enum(['zh-CN', 'en-US']).optional(),
});

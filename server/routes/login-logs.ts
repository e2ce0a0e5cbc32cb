import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryWindow } from '../../domain/rules/login-log';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import { descendantIds } from '../../domain/rules/departments';
import { decodeCursor, encodeCursor } from '../../domain/rules/operation-log';
import {
  loginLogExportQuerySchema,
  loginLogExportRequestSchema,
  loginLogPageRequestSchema,
  loginLogPageSchema,
  type LoginLogRow,
  orgLoginLogPageRequestSchema,
  orgLoginLogPageSchema,
} from '../../domain/schemas/login-logs';
import { type ErrorKey } from '../../domain/i18n';
import { translate } from '../core/translate';
import { ApiError } from '../core/errors';
import { ok } from '../plugins/envelope';
import { type RequestSession, requireSession } from '../plugins/session';
import type { LoginLogFilter, LoginLogListRow } from '../repositories/login-logs-repository';
import {
  attachmentHeader,
  checkTimeZone,
  writeLoginLogWorkbook,
  XLSX_CONTENT_TYPE,
} from '../files/login-log-export';
import type { Repositories } from '../repositories';
import type { RouteDeps } from './route-deps';
import { type LogMessage, logList, logMessage, logTime } from '../../domain/rules/operation-log-content';

/** The menu code of the organisation's login log (SPEC §2 Organisation group). */
const ORG_LOGIN_LOG_MENU = 'orgLoginLog';
/** The export of the organisation's log, offered to administrators on their own log page and on the organisation's. */
const EXPORT_MENUS = ['loginLog', ORG_LOGIN_LOG_MENU];

function presentRow(row: LoginLogListRow): LoginLogRow {
  return {
    ID: row.id,
    AccountID: row.account_id,
    Account: row.account,
    RealName: row.real_name,
    LoginTime: row.created_at,
    IP: row.ip,
    Browser: row.browser,
    Product: row.product,
    LoginClient: row.login_client,
    Success: row.success === 1,
    Reason: row.reason as ErrorKey | null,
  };
}

/** What the organisation's list and export are asked to filter on, beyond the member filters. */
interface OrganizationFilterInput {
  range?: 'threeDays' | 'week' | 'month';
  from?: number;
  to?: number;
  accountId?: number;
  keyword?: string;
  deptId?: number;
  result?: 'success' | 'failure';
}

/**
 * The organisation's filter from the session's organisation and what was asked: a department means it and
 * every department below it; one of another organisation (or none) is a 400, not an empty list.
 */
async function organizationFilter(
  repos: Repositories,
  orgId: number,
  input: OrganizationFilterInput,
  now: number,
): Promise<LoginLogFilter> {
  let deptIds: number[] | undefined;
  if (input.deptId !== undefined) {
    const links = await repos.departments.listLinks(orgId);
    if (!links.some((link) => link.id === input.deptId)) {
      throw new ApiError(400, 'errors.loginLog.unknownDepartment');
    }
    deptIds = [input.deptId, ...descendantIds(links, input.deptId)];
  }
  return {
    orgId,
    ...queryWindow(input, now),
    accountId: input.accountId,
    keyword: input.keyword || undefined,
    deptIds,
    success: input.result === undefined ? undefined : input.result === 'success' ? 1 : 0,
  };
}

/** The UTC day of an epoch ms as YYYYMMDD, for file names. */
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');

/** What the operation log says was exported. */
function describeExport(filter: LoginLogFilter): LogMessage {
  const who =
    filter.accountId !== undefined
      ? logMessage('operationLog.words.accountNumber', { id: filter.accountId })
      : filter.keyword
        ? logMessage('operationLog.words.membersMatching', { keyword: filter.keyword })
        : logMessage('operationLog.words.allMembers');
  const only = logList([
    ...(filter.deptIds ? [logMessage('operationLog.words.departmentNumber', { id: filter.deptIds[0] })] : []),
    ...(filter.success === undefined
      ? []
      : [logMessage(filter.success === 1 ? 'operationLog.words.successes' : 'operationLog.words.failures')]),
  ]);
  const range = { who, from: logTime(filter.from), to: logTime(filter.to) };
  return only.list.length > 0
    ? logMessage('operationLog.content.loginLogExportedOnly', { ...range, only })
    : logMessage('operationLog.content.loginLogExported', range);
}

/** The .xlsx answer: 400 for a bad window or time zone, 401/403 for who may ask, the unexpected. */
const exportResponse = withFailures(
  { 200: z.unknown().describe('an .xlsx workbook') },
  [400, 401, 403, 409, 413, 415, 500],
);

/**
 * The login log (SPEC §7 Organisation: loginLog/page, loginLog/exportLoginLog). The organisation is always
 * the caller's own, from the session: a member reads only their own sign-ins; an administrator may read any
 * member of their organisation and export the organisation's log, never another organisation's.
 */
export const loginLogsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { repos, now }) => {
  app.post(
    '/api/loginLog/page',
    {
      config: { menu: 'loginLog' },
      schema: {
        body: loginLogPageRequestSchema,
        response: withFailures(
          { 200: envelopeSchema(loginLogPageSchema) },
          [400, 401, 403, 409, 413, 415, 500],
        ),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const { accountId, keyword, scope, pageIndex, pageSize } = request.body;
      const wholeOrganization =
        scope === 'organization' ||
        keyword !== undefined ||
        (accountId ?? session.accountId) !== session.accountId;
      if (wholeOrganization && !session.isOrgAdmin) throw new ApiError(403, 'errors.auth.noPermission');
      const filter: LoginLogFilter = {
        orgId: session.orgId,
        ...queryWindow(request.body, now()),
        accountId: wholeOrganization ? accountId : session.accountId,
        keyword: keyword || undefined,
      };
      const page = await repos.loginLogs.page(filter, pageIndex, pageSize);
      return ok({ total: page.total, rows: page.rows.map(presentRow) });
    },
  );

  app.post(
    '/api/loginLog/organizationPage',
    {
      config: { access: 'admin', menu: ORG_LOGIN_LOG_MENU },
      schema: {
        body: orgLoginLogPageRequestSchema,
        response: withFailures(
          { 200: envelopeSchema(orgLoginLogPageSchema) },
          [400, 401, 403, 409, 413, 415, 500],
        ),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const { cursor: cursorText, pageSize } = request.body;
      const cursor = cursorText === undefined ? null : decodeCursor(cursorText);
      if (cursorText !== undefined && !cursor) throw new ApiError(400, 'errors.loginLog.invalidCursor');
      const filter = await organizationFilter(repos, session.orgId, request.body, now());
      // One row more than the page tells whether another page follows, without a count over the log.
      const rows = await repos.loginLogs.batchAfter(filter, cursor, pageSize + 1);
      const page = rows.slice(0, pageSize);
      const last = page[page.length - 1];
      return ok({
        rows: page.map((row) => ({ ...presentRow(row), Department: row.department })),
        nextCursor:
          rows.length > pageSize && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
      });
    },
  );

  /** Writes the operation-log row, then streams the workbook; a failure before the first byte is a 4xx/5xx. */
  const sendExport = async (
    request: FastifyRequest,
    reply: FastifyReply,
    session: RequestSession,
    body: z.output<typeof loginLogExportRequestSchema>,
  ) => {
    const timeZone = checkTimeZone(body.timeZone);
    const filter = await organizationFilter(repos, session.orgId, body, now());
    await repos.operationLogs.insert({
      orgId: session.orgId,
      operatorId: session.accountId,
      operatorName: session.account.real_name,
      module: 'loginLog',
      content: describeExport(filter),
      now: now(),
    });
    const fileName = `${translate(request.language, 'loginLog.fileName')}-${day(filter.from)}-${day(filter.to)}.xlsx`;
    const output = new PassThrough();
    writeLoginLogWorkbook(
      { loginLogs: repos.loginLogs },
      filter,
      { language: request.language, timeZone },
      output,
    ).catch((error: unknown) => {
      request.log.error({ err: error }, 'login-log export failed');
      output.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return reply
      .header('content-type', XLSX_CONTENT_TYPE)
      .header('content-disposition', attachmentHeader(fileName))
      .header('cache-control', 'no-store')
      .send(output);
  };

  app.post(
    '/api/loginLog/exportLoginLog',
    {
      config: { access: 'admin', menu: EXPORT_MENUS },
      schema: { body: loginLogExportRequestSchema, response: exportResponse },
    },
    async (request, reply) => sendExport(request, reply, requireSession(request), request.body),
  );

  // SPEC names no method; a GET is offered for links, signed like a POST since it writes the operation log.
  app.get(
    '/api/loginLog/exportLoginLog',
    {
      config: { access: 'admin', menu: EXPORT_MENUS, signed: true },
      schema: {
        querystring: loginLogExportQuerySchema,
        response: withFailures({ 200: z.unknown().describe('an .xlsx workbook') }, [400, 401, 403, 409, 500]),
      },
    },
    async (request, reply) => sendExport(request, reply, requireSession(request), request.query),
  );
};

import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryWindow } from '../../domain/rules/login-log';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import {
  loginLogExportQuerySchema,
  loginLogExportRequestSchema,
  loginLogPageRequestSchema,
  loginLogPageSchema,
  type LoginLogRow,
} from '../../domain/schemas/login-logs';
import { type ErrorKey, translate } from '../../domain/i18n';
import { ApiError } from '../errors';
import { ok } from '../plugins/envelope';
import { type RequestSession, requireSession } from '../plugins/session';
import type { LoginLogFilter, LoginLogListRow } from '../repositories/login-logs-repository';
import {
  attachmentHeader,
  checkTimeZone,
  writeLoginLogWorkbook,
  XLSX_CONTENT_TYPE,
} from '../services/login-log-export';
import type { RouteDeps } from './route-deps';

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

/** The UTC day of an epoch ms as YYYYMMDD, for file names. */
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');

/** What the operation log says was exported. */
function describeExport(filter: LoginLogFilter): string {
  const who =
    filter.accountId !== undefined
      ? `account #${filter.accountId}`
      : filter.keyword
        ? `members matching "${filter.keyword}"`
        : 'all members';
  const at = (ms: number) => new Date(ms).toISOString();
  return `Exported the login log of ${who} from ${at(filter.from)} to ${at(filter.to)}`;
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

  /** Writes the operation-log row, then streams the workbook; a failure before the first byte is a 4xx/5xx. */
  const sendExport = async (
    request: FastifyRequest,
    reply: FastifyReply,
    session: RequestSession,
    body: z.output<typeof loginLogExportRequestSchema>,
  ) => {
    const timeZone = checkTimeZone(body.timeZone);
    const filter: LoginLogFilter = {
      orgId: session.orgId,
      ...queryWindow(body, now()),
      accountId: body.accountId,
      keyword: body.keyword || undefined,
    };
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
    { config: { access: 'admin' }, schema: { body: loginLogExportRequestSchema, response: exportResponse } },
    async (request, reply) => sendExport(request, reply, requireSession(request), request.body),
  );

  // SPEC names no method; a GET is offered for links, signed like a POST since it writes the operation log.
  app.get(
    '/api/loginLog/exportLoginLog',
    {
      config: { access: 'admin', signed: true },
      schema: {
        querystring: loginLogExportQuerySchema,
        response: withFailures({ 200: z.unknown().describe('an .xlsx workbook') }, [400, 401, 403, 409, 500]),
      },
    },
    async (request, reply) => sendExport(request, reply, requireSession(request), request.query),
  );
};

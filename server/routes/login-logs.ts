import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {} from '../../domain/rules/login-log';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import {} from '../../domain/rules/departments';
import {} from '../../domain/rules/operation-log';
import {
  loginLogExportQuerySchema,
  loginLogExportRequestSchema,
  loginLogPageRequestSchema,
  loginLogPageSchema,
  orgLoginLogPageRequestSchema,
  orgLoginLogPageSchema,
} from '../../domain/schemas/login-logs';
import {} from '../../domain/i18n';
import { translate } from '../core/translate';
import {} from '../core/errors';
import { ok } from '../plugins/envelope';
import { changeContextOf, type RequestSession, requireSession } from '../plugins/session';
import { presentLoginLogRow } from '../presenters/login-log-presenter';
import {
  loginLogPage,
  loginLogWorkbook,
  organizationLoginLogPage,
  startLoginLogExport,
} from '../services/login-log-service';
import { attachmentHeader, checkTimeZone, XLSX_CONTENT_TYPE } from '../files/log-workbook';
import type { RouteDeps } from './route-deps';
import {} from '../../domain/rules/operation-log-content';

/** The menu code of the organisation's login log (SPEC §2 Organisation group). */
const ORG_LOGIN_LOG_MENU = 'orgLoginLog';
/** The export of the organisation's log, offered to administrators on their own log page and on the organisation's. */
const EXPORT_MENUS = ['loginLog', ORG_LOGIN_LOG_MENU];

/** The UTC day of an epoch ms as YYYYMMDD, for file names. */
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');

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
export const loginLogsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
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
      const page = await loginLogPage({ db, now: now() }, session, request.body);
      return ok({ total: page.total, rows: page.rows.map(presentLoginLogRow) });
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
      const page = await organizationLoginLogPage({ db, now: now() }, session.orgId, request.body);
      return ok({
        rows: page.rows.map((row) => ({ ...presentLoginLogRow(row), Department: row.department })),
        nextCursor: page.nextCursor,
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
    const filter = await startLoginLogExport(changeContextOf(db, session, now()), body);
    const fileName = `${translate(request.language, 'loginLog.fileName')}-${day(filter.from)}-${day(filter.to)}.xlsx`;
    const output = new PassThrough();
    loginLogWorkbook(db, filter, { language: request.language, timeZone }, output).catch((error: unknown) => {
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

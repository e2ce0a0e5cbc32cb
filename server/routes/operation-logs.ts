import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '../core/translate';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import {
  operationLogExportRequestSchema,
  operationLogOperatorsSchema,
  operationLogPageRequestSchema,
  operationLogPageSchema,
} from '../../domain/schemas/operation-logs';
import { ok } from '../plugins/envelope';
import { changeContextOf, requireSession } from '../plugins/session';
import {
  operationLogOperators,
  operationLogPage,
  operationLogWorkbook,
  startOperationLogExport,
} from '../services/operation-log-service';
import { attachmentHeader, checkTimeZone, XLSX_CONTENT_TYPE } from '../files/log-workbook';
import type { RouteDeps } from './route-deps';
import { renderStoredContent } from '../../domain/rules/operation-log-content';

/** The UTC day of an epoch ms as YYYYMMDD, for file names. */
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');

/**
 * The operation log (SPEC §7 Organisation: operationLog/page) for administrators: the organisation's
 * changes newest first with operator, module, content and time, filtered by operator, module, keyword and
 * a date range, a page at a time by keyset (`nextCursor`); and its export as an .xlsx workbook. The
 * organisation is always the session's.
 */
export const operationLogsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  app.post(
    '/api/operationLog/page',
    {
      config: { access: 'admin', menu: 'operationLog' },
      schema: {
        body: operationLogPageRequestSchema,
        response: withFailures(
          { 200: envelopeSchema(operationLogPageSchema) },
          [400, 401, 403, 413, 415, 500],
        ),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const page = await operationLogPage({ db, now: now() }, session.orgId, request.body);
      return ok({
        rows: page.rows.map((row) => ({
          ID: row.id,
          OperatorID: row.operator_id,
          Operator: row.operator_name,
          Module: row.module,
          // Rendered in the caller's language; rows from before message keys show their stored text.
          Content: renderStoredContent(request.language, row, request.timeZone),
          Time: row.created_at,
        })),
        nextCursor: page.nextCursor,
      });
    },
  );

  app.get(
    '/api/operationLog/operators',
    {
      config: { access: 'admin', menu: 'operationLog' },
      schema: {
        response: withFailures({ 200: envelopeSchema(operationLogOperatorsSchema) }, [400, 401, 403, 500]),
      },
    },
    async (request) => {
      const operators = await operationLogOperators(db, requireSession(request).orgId);
      return ok(operators.map((operator) => ({ ID: operator.id, Name: operator.name })));
    },
  );

  app.post(
    '/api/operationLog/exportOperationLog',
    {
      config: { access: 'admin', menu: 'operationLog' },
      schema: {
        body: operationLogExportRequestSchema,
        response: withFailures(
          { 200: z.unknown().describe('an .xlsx workbook') },
          [400, 401, 403, 413, 415, 500],
        ),
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const timeZone = checkTimeZone(request.body.timeZone);
      const filter = await startOperationLogExport(changeContextOf(db, session, now()), request.body);
      const name = translate(request.language, 'governance.operationLog.fileName');
      const output = new PassThrough();
      operationLogWorkbook(db, filter, { language: request.language, timeZone }, output).catch(
        (error: unknown) => {
          request.log.error({ err: error }, 'operation-log export failed');
          output.destroy(error instanceof Error ? error : new Error(String(error)));
        },
      );
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachmentHeader(`${name}-${day(filter.from)}-${day(filter.to)}.xlsx`))
        .header('cache-control', 'no-store')
        .send(output);
    },
  );
};

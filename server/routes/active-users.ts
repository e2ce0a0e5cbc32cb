import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportPeriods } from '../../domain/rules/active-users';
import { activeUserReportRequestSchema, activeUserReportSchema } from '../../domain/schemas/active-users';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import { ApiError } from '../core/errors';
import { ok } from '../plugins/envelope';
import { requireSession } from '../plugins/session';
import { checkTimeZone } from '../files/log-workbook';
import { activeUserReport } from '../services/active-users-service';
import type { RouteDeps } from './route-deps';

/**
 * Active users (SPEC §7 Organisation: POST activeUserReport; SPEC §2 statistics): DAU or MAU of the
 * caller's organisation over a range of days or months in the caller's time zone, from successful sign-ins,
 * each member counted once per period. Administrators only; the organisation is the session's.
 */
export const activeUsersRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.post(
    '/api/activeUserReport',
    {
      config: { access: 'admin', menu: 'statistics' },
      schema: {
        body: activeUserReportRequestSchema,
        response: withFailures(
          { 200: envelopeSchema(activeUserReportSchema) },
          [400, 401, 403, 409, 413, 415, 500],
        ),
      },
    },
    async (request) => {
      const { orgId } = requireSession(request);
      const { granularity, from, to } = request.body;
      const timeZone = checkTimeZone(request.body.timeZone);
      const range = reportPeriods(granularity, from, to, timeZone);
      if ('refusal' in range) {
        const { key, ...params } = range.refusal;
        throw new ApiError(400, key, Object.keys(params).length > 0 ? params : undefined);
      }
      const { periods } = range;
      const { rows, totals, members } = await activeUserReport(db, orgId, granularity, periods);
      return ok({
        Granularity: granularity,
        Periods: rows,
        ActiveUsers: totals.active,
        SignIns: totals.signIns,
        Members: members,
      });
    },
  );
};

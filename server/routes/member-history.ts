import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyDataSchema, envelopeSchema, withFailures } from '../../domain/schemas/common';
import {
  formerMemberPageRequestSchema,
  formerMemberPageSchema,
  memberIdsSchema,
} from '../../domain/schemas/members';
import { ok } from '../plugins/envelope';
import { changeContextOf, requireSession } from '../plugins/session';
import { restoreMembers } from '../services/member-batch-service';
import { formerMemberPage } from '../services/member-list-service';
import type { RouteDeps } from './route-deps';

/**
 * Former members (SPEC §7 Organisation: accountsHistory/page and /recovery), for the organisation's
 * administrators only and only their own organisation's.
 */
export const memberHistoryRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  app.post(
    '/api/accountsHistory/page',
    {
      config: { access: 'admin', menu: 'history' },
      schema: {
        body: formerMemberPageRequestSchema,
        response: withFailures(
          { 200: envelopeSchema(formerMemberPageSchema) },
          [400, 401, 403, 409, 413, 415, 500],
        ),
      },
    },
    async (request) => {
      const { orgId } = requireSession(request);
      const page = await formerMemberPage(db, orgId, request.body);
      return ok({
        total: page.total,
        rows: page.rows.map((row) => ({
          ID: row.id,
          RealName: row.real_name,
          MobilePhone: row.mobile,
          Email: row.email,
          DeptName: row.dept_name,
          RegisterTime: Number(row.created_at),
          RemovedTime: row.removed_at,
        })),
      });
    },
  );

  app.post(
    '/api/accountsHistory/recovery',
    {
      config: { access: 'admin', menu: 'history' },
      schema: {
        body: memberIdsSchema,
        response: withFailures(
          { 200: envelopeSchema(emptyDataSchema) },
          [400, 401, 403, 404, 409, 413, 415, 500],
        ),
      },
    },
    async (request) => {
      const session = requireSession(request);
      await restoreMembers(changeContextOf(db, session, now()), request.body.IDs);
      return ok(null);
    },
  );
};

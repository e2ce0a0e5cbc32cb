import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import {
  INTERFACE_STATUSES,
  type InterfaceRow,
  interfaceDetailQuerySchema,
  interfaceDetailSchema,
  interfacePageQuerySchema,
  interfacePageSchema,
  interfacePlatformsSchema,
  interfaceStatusesSchema,
} from '../../domain/schemas/interface-monitor';
import { ApiError } from '../core/errors';
import { ok } from '../plugins/envelope';
import { requireSession } from '../plugins/session';
import type { OpenCallRow } from '../repositories/open-calls-repository';
import type { RouteDeps } from './route-deps';

/** A stored call as the monitor lists it (SPEC §3's field names). */
function rowOf(row: OpenCallRow): InterfaceRow {
  return {
    RequestId: row.req_id,
    RequestTime: Number(row.request_time),
    RevokeTime: row.revoke_time === null ? null : Number(row.revoke_time),
    ApiName: row.api_name,
    Application: row.application,
    ResponseTime: row.response_time === null ? null : Number(row.response_time),
    SyncStatus: Number(row.sync_status),
    ResponseStatus: Number(row.response_status),
    ApiStatusCode: Number(row.api_status_code),
    ApiStatus: row.api_status,
    RequestUrl: row.request_url,
    Operator: row.operator,
    DueTime: Number(row.sync_status) === 0 && row.due_at !== null ? Number(row.due_at) : null,
  };
}

/**
 * The interface monitor (SPEC §7 Open platform service, for administrators): the organisation's open calls
 * with SPEC's filters, a keyset page at a time (`page/record`: the withdrawn ones), one call's detail with
 * its bodies, and the filters' values. Withdrawing is POST /api/OrganizationOpenness/interface/withdrawn.
 */
export const interfaceMonitorRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { repos }) => {
  const config = { access: 'admin', menu: 'interfaceMonitor', openness: true } as const;
  const pageSchema = {
    body: interfacePageQuerySchema,
    response: withFailures({ 200: envelopeSchema(interfacePageSchema) }, [400, 401, 403, 413, 415, 500]),
  };
  for (const [path, only] of [
    ['page/interface', undefined],
    ['page/record', 4],
  ] as const) {
    app.post(`/api/Sdk/ucapi/${path}`, { config, schema: pageSchema }, async (request) => {
      const session = requireSession(request);
      const { cursor, pageSize, ...filter } = request.body;
      const rows = await repos.openCalls.page(
        session.orgId,
        { ...filter, status: only ?? filter.status },
        cursor === undefined ? undefined : Number(cursor),
        pageSize,
      );
      const last = rows.length === pageSize ? rows[rows.length - 1] : undefined;
      return ok({ rows: rows.map(rowOf), nextCursor: last ? String(last.id) : null });
    });
  }

  // An unknown request id 404.
  app.get(
    '/api/Sdk/ucapi/interface',
    {
      config,
      schema: {
        querystring: interfaceDetailQuerySchema,
        response: withFailures({ 200: envelopeSchema(interfaceDetailSchema) }, [400, 401, 403, 404, 500]),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const row = await repos.openCalls.findByReqId(session.orgId, request.query.reqId);
      if (!row) throw new ApiError(404, 'errors.openApi.callNotFound');
      return ok({ ...rowOf(row), RequestBody: row.request_body, ResponseBody: row.response_body });
    },
  );

  app.get(
    '/api/Sdk/ucapi/platform',
    {
      config,
      schema: {
        response: withFailures({ 200: envelopeSchema(interfacePlatformsSchema) }, [400, 401, 403, 500]),
      },
    },
    async (request) => ok(await repos.openCalls.applications(requireSession(request).orgId)),
  );

  app.get(
    '/api/Sdk/ucapi/responseStatus',
    {
      config,
      schema: {
        response: withFailures({ 200: envelopeSchema(interfaceStatusesSchema) }, [400, 401, 403, 500]),
      },
    },
    async () => ok([...INTERFACE_STATUSES]),
  );
};

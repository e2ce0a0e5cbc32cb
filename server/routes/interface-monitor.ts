import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import {
  INTERFACE_STATUSES,
  interfaceDetailQuerySchema,
  interfaceDetailSchema,
  interfacePageQuerySchema,
  interfacePageSchema,
  interfacePlatformsSchema,
  interfaceStatusesSchema,
  openDelaySchema,
} from '../../domain/schemas/interface-monitor';
import { ok } from '../plugins/envelope';
import { changeContextOf, requireSession } from '../plugins/session';
import { openCallApplications, openCallOf, openCallPage } from '../services/interface-monitor-service';
import { getOpenDelay, setOpenDelay } from '../services/open-delay-service';
import { interfaceDetailOf, interfaceRowOf } from '../presenters/open-call-presenter';
import type { RouteDeps } from './route-deps';

/**
 * The interface monitor (SPEC §7 Open platform service, for administrators): the organisation's open calls
 * with SPEC's filters, a keyset page at a time (`page/record`: the withdrawn ones), one call's detail with
 * its bodies, and the filters' values. Withdrawing is POST /api/OrganizationOpenness/interface/withdrawn.
 */
export const interfaceMonitorRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
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
      const { rows, nextCursor } = await openCallPage(
        db,
        session.orgId,
        { ...filter, status: only ?? filter.status },
        cursor === undefined ? undefined : Number(cursor),
        pageSize,
      );
      return ok({ rows: rows.map((row) => interfaceRowOf(row, request.language)), nextCursor });
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
      return ok(
        interfaceDetailOf(await openCallOf(db, session.orgId, request.query.reqId), request.language),
      );
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
    async (request) => ok(await openCallApplications(db, requireSession(request).orgId)),
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

  // The delay before effect (SPEC §9), set on the monitor's screen as `org:open-delay` sets it.
  const delayResponse = withFailures(
    { 200: envelopeSchema(openDelaySchema) },
    [400, 401, 403, 413, 415, 500],
  );
  app.get(
    '/api/OrganizationOpenness/openDelay',
    { config, schema: { response: delayResponse } },
    async (request) => ok(await getOpenDelay({ db, orgId: requireSession(request).orgId, now: now() })),
  );
  app.post(
    '/api/OrganizationOpenness/openDelay',
    { config, schema: { body: openDelaySchema, response: delayResponse } },
    async (request) =>
      ok(await setOpenDelay(changeContextOf(db, requireSession(request), now()), request.body.hours)),
  );
};

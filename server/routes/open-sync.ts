import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import {
  openDepartmentsRequestSchema,
  openIdempotencyHeadersSchema,
  openMembersRequestSchema,
  openSyncResultSchema,
  openWithdrawQuerySchema,
  openWithdrawResultSchema,
} from '../../domain/schemas/open-sync';
import { ok } from '../plugins/envelope';
import { requireOpenApp } from '../plugins/open-api';
import { operatorOf, requireSession } from '../plugins/session';
import { type OpenApiName, takeOpenCall, withdrawOpenCall } from '../services/open-call-service';
import type { RouteDeps } from './route-deps';

/**
 * The open API's data calls (SPEC §7 Open platform service): an organisation's own systems upsert members
 * and departments with their access token. Each call answers `{ reqId, status, applied, problems }`, is in
 * the interface log, and waits in the queue first when the organisation delays open calls.
 */
export const openSyncRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  const calls: Array<
    [
      Extract<OpenApiName, 'members' | 'departments'>,
      typeof openMembersRequestSchema | typeof openDepartmentsRequestSchema,
    ]
  > = [
    ['members', openMembersRequestSchema],
    ['departments', openDepartmentsRequestSchema],
  ];
  for (const [apiName, body] of calls) {
    // A bad token 401, open capability withdrawn 403, a retry while the first is still running 409.
    app.post(
      `/api/Sdk/ucapi/${apiName}`,
      {
        config: { access: 'public', openApi: 'token' },
        schema: {
          headers: openIdempotencyHeadersSchema,
          body,
          response: withFailures(
            { 200: envelopeSchema(openSyncResultSchema) },
            [400, 401, 403, 409, 413, 415, 500],
          ),
        },
      },
      async (request) =>
        ok(
          await takeOpenCall(
            db,
            {
              app: requireOpenApp(request),
              apiName,
              url: request.url,
              body: request.body,
              idempotencyKey: request.headers['idempotency-key'],
              language: request.language,
            },
            now(),
          ),
        ),
    );
  }

  // Withdrawing a queued call: an unknown request id 404, one no longer queued 409.
  const withdrawSchema = {
    querystring: openWithdrawQuerySchema,
    response: withFailures(
      { 200: envelopeSchema(openWithdrawResultSchema) },
      [400, 401, 403, 404, 409, 413, 415, 500],
    ),
  };
  app.post(
    '/api/Sdk/ucapi/withdrawn',
    { config: { access: 'public', openApi: 'token' }, schema: withdrawSchema },
    async (request) => {
      const openApp = requireOpenApp(request);
      return ok(await withdrawOpenCall(db, openApp.orgId, request.query.reqId, openApp.appName, now()));
    },
  );
  // The interface monitor's withdraw, by an administrator of the organisation.
  app.post(
    '/api/OrganizationOpenness/interface/withdrawn',
    { config: { access: 'admin', menu: 'interfaceMonitor', openness: true }, schema: withdrawSchema },
    async (request) => {
      const session = requireSession(request);
      const operator = operatorOf(session).name;
      return ok(await withdrawOpenCall(db, session.orgId, request.query.reqId, operator, now()));
    },
  );
};

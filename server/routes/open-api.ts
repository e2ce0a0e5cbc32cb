import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import {
  accessTokenRequestSchema,
  accessTokenSchema,
  openAppIdentitySchema,
} from '../../domain/schemas/open-api';
import { ok } from '../plugins/envelope';
import { requireOpenApp } from '../plugins/open-api';
import { accessTokenFor, openAppOrganizationName } from '../services/app-credential-service';
import type { RouteDeps } from './route-deps';

/**
 * The open API's front door (SPEC §7 Access token, Open platform service): an organisation's own systems
 * exchange the app key and secret for an access token, then send it as `Authorization: Bearer` on every
 * open call. The organisation comes from the token, never from the request.
 */
export const openApiRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  // A wrong key or secret 401, open capability withdrawn 403, too many requests 429.
  app.post(
    '/api/Sdk/ucapi/token',
    {
      config: { access: 'public', openApi: 'issue' },
      schema: {
        body: accessTokenRequestSchema,
        response: withFailures(
          { 200: envelopeSchema(accessTokenSchema) },
          [400, 401, 403, 413, 415, 429, 500],
        ),
      },
    },
    async (request, reply) => {
      const token = await accessTokenFor(db, { ...request.body, ip: request.ip }, now());
      reply.header('cache-control', 'no-store');
      return ok(token);
    },
  );

  // Whom the token speaks for: the appCredential screen's test step, and a caller's own check.
  app.get(
    '/api/Sdk/ucapi/app',
    {
      config: { access: 'public', openApi: 'token' },
      schema: {
        response: withFailures({ 200: envelopeSchema(openAppIdentitySchema) }, [400, 401, 403, 500]),
      },
    },
    async (request) => {
      const openApp = requireOpenApp(request);
      return ok({
        orgId: openApp.orgId,
        orgName: await openAppOrganizationName(db, openApp.orgId),
        appKey: openApp.appKey,
        appName: openApp.appName,
        expiresAt: openApp.expiresAt,
      });
    },
  );
};

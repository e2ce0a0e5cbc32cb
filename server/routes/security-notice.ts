import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import { securityNoticeSchema } from '../../domain/schemas/login-logs';
import { ok } from '../plugins/envelope';
import { requireSession } from '../plugins/session';
import { securityNoticeFacts } from '../services/security-notice';
import type { RouteDeps } from './route-deps';

/** GET /api/account/securityNotice: the facts of the account-security notice (SPEC §4), for the user only. */
export const securityNoticeRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  app.get(
    '/api/account/securityNotice',
    {
      schema: {
        response: withFailures({ 200: envelopeSchema(securityNoticeSchema) }, [400, 401, 403, 500]),
      },
    },
    async (request) => ok(await securityNoticeFacts(db, requireSession(request), now())),
  );
};

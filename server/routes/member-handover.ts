import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import { memberHandoverSchema } from '../../domain/schemas/member-handover';
import { memberIdsSchema } from '../../domain/schemas/members';
import { ok } from '../plugins/envelope';
import { requireSession } from '../plugins/session';
import type { SecretBox } from '../security/secret-box';
import { checkMemberHandover } from '../services/member-handover-service';
import type { RouteDeps } from './route-deps';

/**
 * The handover check before members are removed (SPEC §5 Members): POST /api/account/remove/check asks
 * each product the organisation is authorised for, through the product's handover hook, what the picked
 * members still hold there, and answers the findings for the remove confirmation. It changes nothing. The
 * organisation is the administrator's own: another organisation's member is not found.
 */
export const memberHandoverRoutes: FastifyPluginAsyncZod<RouteDeps & { secrets: SecretBox }> = async (
  app,
  { db, config, secrets, now },
) => {
  app.post(
    '/api/account/remove/check',
    {
      config: { access: 'admin', menu: 'member' },
      schema: {
        body: memberIdsSchema,
        response: withFailures(
          { 200: envelopeSchema(memberHandoverSchema) },
          [400, 401, 403, 404, 409, 413, 415, 429, 500],
        ),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const report = await checkMemberHandover(
        {
          db,
          secrets,
          timeoutMs: config.handoverTimeoutMs,
          onHookFailure: (product, error) =>
            request.log.warn(
              { product, reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' },
              'handover hook not checked',
            ),
        },
        session.orgId,
        session.accountId,
        request.body.IDs,
        now(),
      );
      return ok(report);
    },
  );
};

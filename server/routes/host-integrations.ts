import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PRODUCT_CODES } from '../../domain/constants';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import {
  hostIntegrationInputSchema,
  hostIntegrationListSchema,
  hostIntegrationSchema,
} from '../../domain/schemas/host-integrations';
import { ok } from '../plugins/envelope';
import { requireSession } from '../plugins/session';
import { listHostIntegrations, saveHostIntegration } from '../services/host-integrations-service';
import type { HostRouteDeps } from './host-sign-in';

/**
 * The administrator's integrations with chat hosts (the message-push screen): app key, secret (masked
 * when read), agent id, products for push and the switch, with the products licensed to the organisation
 * to choose from. The organisation is the administrator's own.
 */
export const hostIntegrationsRoutes: FastifyPluginAsyncZod<HostRouteDeps> = async (
  app,
  { db, repos, now, secrets },
) => {
  app.get(
    '/api/OrganizationOpenness/messagepush/config',
    {
      config: { access: 'admin', menu: 'messagePush', openness: true },
      schema: {
        response: withFailures({ 200: envelopeSchema(hostIntegrationListSchema) }, [400, 401, 403, 500]),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const [integrations, licensed] = await Promise.all([
        listHostIntegrations(repos, secrets, session.orgId),
        repos.products.listCodesForOrganization(session.orgId),
      ]);
      const licensedProducts = PRODUCT_CODES.filter((code) => licensed.includes(code));
      return ok({ integrations, licensedProducts });
    },
  );

  // Bad input or no secret yet 400, a corp or app id another organisation uses 409, besides the failures
  // of any signed change.
  app.put(
    '/api/OrganizationOpenness/messagepush/config',
    {
      config: { access: 'admin', menu: 'messagePush', openness: true },
      schema: {
        body: hostIntegrationInputSchema,
        response: withFailures(
          { 200: envelopeSchema(hostIntegrationSchema) },
          [400, 401, 403, 409, 413, 415, 500],
        ),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const saved = await saveHostIntegration(
        db,
        secrets,
        session.orgId,
        request.body,
        { id: session.accountId, name: session.account.real_name },
        now(),
      );
      return ok(saved);
    },
  );
};

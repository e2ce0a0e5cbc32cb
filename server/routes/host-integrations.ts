import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import {
  type HostIntegrationSetting,
  hostIntegrationInputSchema,
  hostIntegrationListSchema,
  hostIntegrationSchema,
} from '../../domain/schemas/host-integrations';
import { ok } from '../plugins/envelope';
import { changeContextOf, requireSession } from '../plugins/session';
import { hostIntegrationList, saveHostIntegration } from '../services/host-integrations-service';
import type { HostRouteDeps } from './host-sign-in';

/**
 * The administrator's integrations with chat hosts (the message-push screen): app key, secret (masked
 * when read), agent id, products for push and the switch, with the products licensed to the organisation
 * to choose from. The organisation is the administrator's own. Each is also at SPEC §7's path: GET
 * OrganizationOpenness/getConfig and POST OrganizationOpenness/modify/messagepush/config.
 */
export const hostIntegrationsRoutes: FastifyPluginAsyncZod<HostRouteDeps> = async (
  app,
  { db, now, secrets },
) => {
  const config = { access: 'admin', menu: 'messagePush', openness: true } as const;

  for (const url of ['/api/OrganizationOpenness/messagepush/config', '/api/OrganizationOpenness/getConfig']) {
    app.get(
      url,
      {
        config,
        schema: {
          response: withFailures({ 200: envelopeSchema(hostIntegrationListSchema) }, [400, 401, 403, 500]),
        },
      },
      async (request) => {
        const session = requireSession(request);
        return ok(await hostIntegrationList(db, secrets, session.orgId));
      },
    );
  }

  // Bad input or no secret yet 400, a corp or app id another organisation uses 409, besides the failures
  // of any signed change.
  const save = {
    config,
    schema: {
      body: hostIntegrationInputSchema,
      response: withFailures(
        { 200: envelopeSchema(hostIntegrationSchema) },
        [400, 401, 403, 409, 413, 415, 500],
      ),
    },
  };
  const saveHandler = async (request: FastifyRequest<{ Body: HostIntegrationSetting }>) => {
    const session = requireSession(request);
    const saved = await saveHostIntegration(changeContextOf(db, session, now()), secrets, request.body);
    return ok(saved);
  };
  app.put('/api/OrganizationOpenness/messagepush/config', save, saveHandler);
  app.post('/api/OrganizationOpenness/modify/messagepush/config', save, saveHandler);
};

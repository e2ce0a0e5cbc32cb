import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import {
  ssoConfigResponseSchema,
  ssoDiscoverRequestSchema,
  ssoDiscoverResponseSchema,
  ssoSettingSchema,
  ssoSwitchResponseSchema,
} from '../../domain/schemas/sso';
import { ok } from '../plugins/envelope';
import { operatorOf, requireSession } from '../plugins/session';
import { startSsoFlow } from '../services/sso-sign-in-service';
import {
  discoverSsoIssuer,
  readSsoConfig,
  saveSsoSetting,
  setSsoEnabled,
  ssoDepsOf,
} from '../services/sso-settings-service';
import type { SsoRouteDeps } from './sso';

const ADMIN = { access: 'admin', menu: 'ssoAuth', openness: true } as const;

/** A redirect answers no body. */
const redirectSchema = z.null();

/**
 * The SSO client's configuration (SPEC §2 /sso): the administrator reads, applies, discovers, debugs,
 * enables and disables it. The sign-in flow is in sso.ts.
 */
export const ssoSettingsRoutes: FastifyPluginAsyncZod<SsoRouteDeps> = async (app, routeDeps) => {
  const { now } = routeDeps;
  const deps = ssoDepsOf(routeDeps);

  app.get(
    '/api/sso/config',
    {
      config: ADMIN,
      schema: {
        response: withFailures({ 200: envelopeSchema(ssoConfigResponseSchema) }, [400, 401, 403, 500]),
      },
    },
    async (request) => ok(await readSsoConfig(deps, requireSession(request).orgId, request.portalOrigin)),
  );

  // Apply: bad input or an address the guard refuses 400, an issuer whose discovery fails 400.
  app.post(
    '/api/sso/config',
    {
      config: ADMIN,
      schema: {
        body: ssoSettingSchema,
        response: withFailures(
          { 200: envelopeSchema(ssoConfigResponseSchema) },
          [400, 401, 403, 413, 415, 500],
        ),
      },
    },
    async (request) => {
      const session = requireSession(request);
      await saveSsoSetting(deps, session.orgId, request.body, operatorOf(session), now());
      return ok(await readSsoConfig(deps, session.orgId, request.portalOrigin));
    },
  );

  app.post(
    '/api/sso/discover',
    {
      config: ADMIN,
      schema: {
        body: ssoDiscoverRequestSchema,
        response: withFailures(
          { 200: envelopeSchema(ssoDiscoverResponseSchema) },
          [400, 401, 403, 413, 415, 500],
        ),
      },
    },
    async (request) => {
      const server = await discoverSsoIssuer(deps.outbound, request.body.issuer);
      return ok({
        authorizeUrl: server.authorization_endpoint,
        tokenUrl: server.token_endpoint,
        userUrl: server.userinfo_endpoint ?? '',
        logoutUrl: server.end_session_endpoint ?? '',
      });
    },
  );

  for (const [url, enabled] of [
    ['/api/sso/enable', true],
    ['/api/sso/disable', false],
  ] as const) {
    // Enable before a successful debug of the saved configuration 409; nothing saved 404.
    app.post(
      url,
      {
        config: ADMIN,
        schema: {
          response: withFailures(
            { 200: envelopeSchema(ssoSwitchResponseSchema) },
            [400, 401, 403, 404, 409, 500],
          ),
        },
      },
      async (request) => {
        const session = requireSession(request);
        return ok(await setSsoEnabled(deps, session.orgId, enabled, operatorOf(session), session.id, now()));
      },
    );
  }

  // Debug: the popup opens this; it runs the saved configuration's real flow and signs nobody in.
  app.get(
    '/api/sso/debug',
    { config: ADMIN, schema: { response: withFailures({ 302: redirectSchema }, [400, 401, 403, 404, 500]) } },
    async (request, reply) => {
      const session = requireSession(request);
      const to = await startSsoFlow(
        deps,
        { orgId: session.orgId, purpose: 'debug', accountId: session.accountId },
        request.portalOrigin,
        now(),
      );
      return reply.header('cache-control', 'no-store').redirect(to, 302);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS_TOKEN_TTL_S } from '../../domain/constants';
import { envelopeSchema, idParamsSchema, withFailures } from '../../domain/schemas/common';
import {
  appCredentialInitParamsSchema,
  appCredentialInitSchema,
  appCredentialInputSchema,
  appCredentialIssuedSchema,
  appCredentialSchema,
} from '../../domain/schemas/app-credential';
import { ApiError } from '../core/errors';
import { ok } from '../plugins/envelope';
import { operatorOf, requireSession } from '../plugins/session';
import {
  createAppCredential,
  presentAppCredential,
  regenerateAppSecret,
  renameAppCredential,
  TOKEN_PATH,
} from '../services/app-credential-service';
import type { RouteDeps } from './route-deps';

const BASE = '/api/OrganizationOpenness';

/**
 * The appCredential screen (SPEC §7 Openness): the organisation's app key and secret. Add creates them
 * (the secret in that answer only), Modify/{id} renames, Apply/{id} issues a new secret (the old one and
 * its access tokens end at once) and GET initialize/appCredential reads what the screen's steps need.
 * The organisation is always the administrator's own.
 */
export const appCredentialRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, repos, now }) => {
  const config = { access: 'admin', menu: 'appCredential', openness: true } as const;

  // An unknown screen type 404.
  app.get(
    `${BASE}/initialize/:type`,
    {
      config,
      schema: {
        params: appCredentialInitParamsSchema,
        response: withFailures({ 200: envelopeSchema(appCredentialInitSchema) }, [400, 401, 403, 404, 500]),
      },
    },
    async (request) => {
      const session = requireSession(request);
      if (request.params.type.toLowerCase() !== 'appcredential')
        throw new ApiError(404, 'errors.appCredential.unknownType');
      const row = await repos.appCredentials.findByOrg(session.orgId);
      return ok({
        credential: row ? presentAppCredential(row) : null,
        tokenPath: TOKEN_PATH,
        expiresIn: ACCESS_TOKEN_TTL_S,
      });
    },
  );

  // A credential already there 409, besides the failures of any signed change.
  app.post(
    `${BASE}/Add`,
    {
      config,
      schema: {
        body: appCredentialInputSchema,
        response: withFailures(
          { 200: envelopeSchema(appCredentialIssuedSchema) },
          [400, 401, 403, 409, 413, 415, 500],
        ),
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const issued = await createAppCredential(
        db,
        session.orgId,
        request.body.name,
        operatorOf(session),
        now(),
      );
      // The secret is in this answer only: no cache may keep it.
      reply.header('cache-control', 'no-store');
      return ok(issued);
    },
  );

  // Not this organisation's credential 404.
  app.post(
    `${BASE}/Modify/:id`,
    {
      config,
      schema: {
        params: idParamsSchema,
        body: appCredentialInputSchema,
        response: withFailures(
          { 200: envelopeSchema(appCredentialSchema) },
          [400, 401, 403, 404, 413, 415, 500],
        ),
      },
    },
    async (request) => {
      const session = requireSession(request);
      return ok(
        await renameAppCredential(
          db,
          session.orgId,
          request.params.id,
          request.body.name,
          operatorOf(session),
          now(),
        ),
      );
    },
  );

  app.post(
    `${BASE}/Apply/:id`,
    {
      config,
      schema: {
        params: idParamsSchema,
        response: withFailures(
          { 200: envelopeSchema(appCredentialIssuedSchema) },
          [400, 401, 403, 404, 413, 415, 500],
        ),
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const issued = await regenerateAppSecret(
        db,
        session.orgId,
        request.params.id,
        operatorOf(session),
        now(),
      );
      reply.header('cache-control', 'no-store');
      return ok(issued);
    },
  );
};

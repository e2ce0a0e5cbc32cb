import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { changeContextOf, requireSession } from '../plugins/session';
import {
  appCredentialScreen,
  createAppCredential,
  regenerateAppSecret,
  renameAppCredential,
} from '../services/app-credential-service';
import type { RouteDeps } from './route-deps';

const BASE = '/api/OrganizationOpenness';

/**
 * The appCredential screen (SPEC §7 Openness): the organisation's app key and secret. Add creates them
 * (the secret in that answer only), Modify/{id} renames, Apply/{id} issues a new secret (the old one and
 * its access tokens end at once) and GET initialize/appCredential reads what the screen's steps need.
 * The organisation is always the administrator's own.
 */
export const appCredentialRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
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
      return ok(await appCredentialScreen(db, session.orgId));
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
      const issued = await createAppCredential(changeContextOf(db, session, now()), request.body.name);
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
        await renameAppCredential(changeContextOf(db, session, now()), request.params.id, request.body.name),
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
      const issued = await regenerateAppSecret(changeContextOf(db, session, now()), request.params.id);
      reply.header('cache-control', 'no-store');
      return ok(issued);
    },
  );
};

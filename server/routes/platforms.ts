import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../domain/i18n';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import {
  authorizeInfoQuerySchema,
  authorizeInfoSchema,
  webUrlsQuerySchema,
  webUrlsSchema,
} from '../../domain/schemas/platforms';
import { ok } from '../plugins/envelope';
import { requireSession } from '../plugins/session';
import type { RouteDeps } from './route-deps';

/** The products the signed-in user may open (SPEC §7 Profile: AuthorizeInfo and WebUrls). */
export const platformsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { repos }) => {
  app.get(
    '/api/Account/AuthorizeInfo',
    {
      schema: {
        querystring: authorizeInfoQuerySchema,
        response: withFailures({ 200: envelopeSchema(authorizeInfoSchema) }, [400, 401, 403, 500]),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const platforms = await repos.platforms.listForAccount(session.orgId, session.accountId);
      const shown =
        request.query.showUnAuthorized === 'true'
          ? platforms
          : platforms.filter((platform) => platform.authorized);
      return ok(
        shown.map((platform) => ({
          ID: platform.id,
          Code: platform.code,
          PlatformName: translate(request.language, `platforms.${platform.code}.name`),
          Introduction: translate(request.language, `platforms.${platform.code}.intro`),
          IsAuthorized: platform.authorized,
          WebUrl: platform.authorized ? platform.webUrl : '',
        })),
      );
    },
  );

  app.get(
    '/api/Platform/WebUrls',
    {
      schema: {
        querystring: webUrlsQuerySchema,
        response: withFailures({ 200: envelopeSchema(webUrlsSchema) }, [400, 401, 403, 500]),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const platforms = await repos.platforms.listForAccount(session.orgId, session.accountId);
      const shown =
        request.query.isAll === 'true' ? platforms : platforms.filter((platform) => platform.authorized);
      return ok(
        shown.map((platform) => ({
          Code: platform.code,
          PlatformName: translate(request.language, `platforms.${platform.code}.name`),
          WebUrl: platform.webUrl,
        })),
      );
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translateIfKnown } from '../core/translate';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import {
  authorizeInfoQuerySchema,
  authorizeInfoSchema,
  webUrlsQuerySchema,
  webUrlsSchema,
} from '../../domain/schemas/products';
import { ok } from '../plugins/envelope';
import { requireSession } from '../plugins/session';
import { accountProducts, cardProducts } from '../services/products-service';
import type { RouteDeps } from './route-deps';

/** The products the signed-in user may open (SPEC §7 Profile: AuthorizeInfo and WebUrls). */
export const productsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
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
      // The card home reads this list: products the administrator's display settings hide are left out.
      const products = await cardProducts(db, session.orgId, session.accountId);
      const shown = products.filter(
        (product) => request.query.showUnAuthorized === 'true' || product.authorized,
      );
      return ok(
        shown.map((product) => ({
          ID: product.id,
          Code: product.code,
          PlatformName: translateIfKnown(request.language, `products.${product.code}.name`),
          Introduction: translateIfKnown(request.language, `products.${product.code}.intro`),
          IsAuthorized: product.authorized,
          WebUrl: product.authorized ? product.webUrl : '',
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
      const products = await accountProducts(db, session.orgId, session.accountId);
      const shown =
        request.query.isAll === 'true' ? products : products.filter((product) => product.authorized);
      return ok(
        shown.map((product) => ({
          Code: product.code,
          PlatformName: translateIfKnown(request.language, `products.${product.code}.name`),
          WebUrl: product.webUrl,
        })),
      );
    },
  );
};

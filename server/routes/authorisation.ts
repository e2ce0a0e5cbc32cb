import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translateIfKnown } from '../core/translate';
import {
  authorizeRequestSchema,
  displaySaveSchema,
  displaySettingsSchema,
  seatsSchema,
} from '../../domain/schemas/authorisation';
import { emptyDataSchema, envelopeSchema, withFailures } from '../../domain/schemas/common';
import { ok } from '../plugins/envelope';
import { changeContextOf, requireSession } from '../plugins/session';
import {
  authorizeMembers,
  licensedProducts,
  productDisplaySettings,
  saveDisplaySettings,
} from '../services/authorisation-service';
import type { RouteDeps } from './route-deps';

/** A change of the Authorisation screen: bad input, signed out, not an administrator, not found, refused. */
const changeStatuses = [400, 401, 403, 404, 409, 413, 415, 500] as const;
const readStatuses = [400, 401, 403, 500] as const;

/**
 * Product authorisation (SPEC §7 Organisation: account/authorize) and the display settings of the members'
 * card homes, for the organisation's administrators; the organisation comes from the session only.
 */
export const authorisationRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  app.get(
    '/api/account/authorize',
    {
      config: { access: 'admin', menu: 'authorize' },
      schema: { response: withFailures({ 200: envelopeSchema(seatsSchema) }, readStatuses) },
    },
    async (request) => {
      const { orgId } = requireSession(request);
      const products = await licensedProducts(db, orgId);
      return ok(
        products.map((product) => ({
          Code: product.code,
          PlatformName: translateIfKnown(request.language, `products.${product.code}.name`),
          Seats: product.seats,
          Used: product.used,
        })),
      );
    },
  );

  app.post(
    '/api/account/authorize',
    {
      config: { access: 'admin', menu: 'authorize' },
      schema: {
        body: authorizeRequestSchema,
        response: withFailures({ 200: envelopeSchema(emptyDataSchema) }, changeStatuses),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const { IDs, Products, Mode } = request.body;
      await authorizeMembers(changeContextOf(db, session, now()), {
        ids: IDs,
        products: Products,
        mode: Mode,
      });
      return ok(null);
    },
  );

  app.get(
    '/api/account/authorize/display',
    {
      config: { access: 'admin', menu: 'authorize' },
      schema: { response: withFailures({ 200: envelopeSchema(displaySettingsSchema) }, readStatuses) },
    },
    async (request) => {
      const { orgId } = requireSession(request);
      const products = await productDisplaySettings(db, orgId);
      return ok(
        products.map((product) => ({
          Code: product.code,
          PlatformName: translateIfKnown(request.language, `products.${product.code}.name`),
          IsAuthorized: product.authorized,
          Shown: product.shown,
        })),
      );
    },
  );

  app.put(
    '/api/account/authorize/display',
    {
      config: { access: 'admin', menu: 'authorize' },
      schema: {
        body: displaySaveSchema,
        response: withFailures({ 200: envelopeSchema(emptyDataSchema) }, changeStatuses),
      },
    },
    async (request) => {
      const session = requireSession(request);
      await saveDisplaySettings(changeContextOf(db, session, now()), request.body.Shown);
      return ok(null);
    },
  );
};

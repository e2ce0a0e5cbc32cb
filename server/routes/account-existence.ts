import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountExistsSchema,
  isExistEmailRequestSchema,
  isExistMobileRequestSchema,
} from '../../domain/schemas/account-existence';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import { ok } from '../plugins/envelope';
import { signedInAdministrator } from '../plugins/session';
import { accountExists } from '../services/account-existence-service';
import type { RouteDeps } from './route-deps';

/**
 * SPEC §7 Auth: POST account/isExistMobile and account/isExistEmail, public and signed. An organisation
 * administrator learns whether an account signs in with the number or address; everyone else gets the
 * same answer (null) whatever they ask. Bad input 400, a replay 409, too many 429.
 */
export const accountExistenceRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  const response = withFailures({ 200: envelopeSchema(accountExistsSchema) }, [400, 409, 413, 415, 429, 500]);

  app.post(
    '/api/account/isExistMobile',
    { config: { access: 'public' }, schema: { body: isExistMobileRequestSchema, response } },
    async (request) => {
      const administrator = await signedInAdministrator(db, request, now());
      const question = {
        kind: 'mobile',
        value: request.body.mobilePhone,
        ip: request.ip,
        administrator,
      } as const;
      return ok(await accountExists(db, question, now()));
    },
  );

  app.post(
    '/api/account/isExistEmail',
    { config: { access: 'public' }, schema: { body: isExistEmailRequestSchema, response } },
    async (request) => {
      const administrator = await signedInAdministrator(db, request, now());
      const question = { kind: 'email', value: request.body.email, ip: request.ip, administrator } as const;
      return ok(await accountExists(db, question, now()));
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyDataSchema, envelopeSchema, withFailures } from '../../domain/schemas/common';
import {
  identifierProofCodeRequestSchema,
  identifierProofOptionsSchema,
  identifierProofRequestSchema,
  identifierProofSchema,
} from '../../domain/schemas/personal';
import { ok } from '../plugins/envelope';
import { requireSession } from '../plugins/session';
import { identifierProofOptions, proveOwner, sendProofCode } from '../services/identifier-proof-service';
import { OWN_CHANGE_FAILURES, ownAccountOf, PERSONAL_INFO_PAGE } from './own-account';
import { type CodeSendingRouteDeps, logCodeDeliveryFailure } from './route-deps';

/**
 * The fresh proof of the owner that a change of a sign-in mobile number or email needs (issue 17): a
 * stolen session cookie alone must not be able to move the account to an address of the thief's. An
 * account with a password proves itself with it; one without (domain, SSO) with a code sent to a current
 * address. The proof token answered is valid once, for a few minutes, for this account and session only.
 */
export const identifierProofRoutes: FastifyPluginAsyncZod<CodeSendingRouteDeps> = async (
  app,
  { db, now, senders },
) => {
  const deps = {
    db,
    senders,
    onDeliveryFailure: logCodeDeliveryFailure(app.log),
  };

  app.get(
    '/api/account/identifierChangeProof',
    {
      config: { menu: PERSONAL_INFO_PAGE },
      schema: {
        response: withFailures({ 200: envelopeSchema(identifierProofOptionsSchema) }, [400, 401, 403, 500]),
      },
    },
    async (request) => ok(await identifierProofOptions(deps, ownAccountOf(requireSession(request)))),
  );

  app.post(
    '/api/account/identifierChangeProof/sendCode',
    {
      config: { menu: PERSONAL_INFO_PAGE },
      schema: {
        body: identifierProofCodeRequestSchema,
        response: withFailures({ 200: envelopeSchema(emptyDataSchema) }, OWN_CHANGE_FAILURES),
      },
    },
    async (request) => {
      const session = ownAccountOf(requireSession(request));
      await sendProofCode(deps, session, { kind: request.body.kind, ip: request.ip }, now());
      return ok(null);
    },
  );

  app.post(
    '/api/account/identifierChangeProof',
    {
      config: { menu: PERSONAL_INFO_PAGE },
      schema: {
        body: identifierProofRequestSchema,
        response: withFailures({ 200: envelopeSchema(identifierProofSchema) }, OWN_CHANGE_FAILURES),
      },
    },
    async (request) => {
      const session = ownAccountOf(requireSession(request));
      return ok(await proveOwner(deps, session, { ...request.body, ip: request.ip }, now()));
    },
  );
};

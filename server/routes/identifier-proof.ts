import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyDataSchema, envelopeSchema, withFailures } from '../../domain/schemas/common';
import {
  identifierProofCodeRequestSchema,
  identifierProofOptionsSchema,
  identifierProofRequestSchema,
  identifierProofSchema,
} from '../../domain/schemas/personal';
import type { CodeSenders } from '../integrations/code-senders';
import { ok } from '../plugins/envelope';
import { requireSession, type RequestSession } from '../plugins/session';
import {
  identifierProofOptions,
  type ProofSession,
  proveOwner,
  sendProofCode,
} from '../services/identifier-proof-service';
import type { RouteDeps } from './route-deps';

/** The proof routes' options: the app's dependencies and the code senders. */
export interface IdentifierProofRouteDeps extends RouteDeps {
  senders: CodeSenders;
}

/** Bad input, signed out (or locked by the password's last try), refused, replayed, too many, ... */
const FAILURES = [400, 401, 403, 404, 409, 413, 415, 429, 500] as const;

/** The page whose dialog asks for the proof: Personal centre > Personal info. */
const PERSONAL_INFO_PAGE = 'person';

const holderOf = (session: RequestSession): ProofSession => ({
  orgId: session.orgId,
  accountId: session.accountId,
  sessionId: session.id,
});

/**
 * The fresh proof of the owner that a change of a sign-in mobile number or email needs (issue 17): a
 * stolen session cookie alone must not be able to move the account to an address of the thief's. An
 * account with a password proves itself with it; one without (domain, SSO) with a code sent to a current
 * address. The proof token answered is valid once, for a few minutes, for this account and session only.
 */
export const identifierProofRoutes: FastifyPluginAsyncZod<IdentifierProofRouteDeps> = async (
  app,
  { db, now, senders },
) => {
  const deps = {
    db,
    senders,
    onDeliveryFailure: (error: unknown, channel: string) =>
      app.log.error({ err: error, channel }, 'a verification code could not be delivered'),
  };

  app.get(
    '/api/account/identifierChangeProof',
    {
      config: { menu: PERSONAL_INFO_PAGE },
      schema: {
        response: withFailures({ 200: envelopeSchema(identifierProofOptionsSchema) }, [400, 401, 403, 500]),
      },
    },
    async (request) => ok(await identifierProofOptions(deps, holderOf(requireSession(request)))),
  );

  app.post(
    '/api/account/identifierChangeProof/sendCode',
    {
      config: { menu: PERSONAL_INFO_PAGE },
      schema: {
        body: identifierProofCodeRequestSchema,
        response: withFailures({ 200: envelopeSchema(emptyDataSchema) }, FAILURES),
      },
    },
    async (request) => {
      const session = holderOf(requireSession(request));
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
        response: withFailures({ 200: envelopeSchema(identifierProofSchema) }, FAILURES),
      },
    },
    async (request) => {
      const session = holderOf(requireSession(request));
      return ok(await proveOwner(deps, session, { ...request.body, ip: request.ip }, now()));
    },
  );
};

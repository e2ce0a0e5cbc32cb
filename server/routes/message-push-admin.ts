import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import {
  outboxPageQuerySchema,
  outboxPageSchema,
  pushKeyIssueRequestSchema,
  pushKeyIssueResultSchema,
  pushKeyListSchema,
  pushKeyRevokeResultSchema,
} from '../../domain/schemas/message-push-admin';
import { ok } from '../plugins/envelope';
import { changeContextOf, operatorOf, requireSession } from '../plugins/session';
import { issuePushKey, livePushKeys, outboxPage, revokePushKeys } from '../services/message-push-service';
import type { RouteDeps } from './route-deps';

const PUSH_KEYS_URL = '/api/OrganizationOpenness/messagepush/pushKeys';

/**
 * The message-push screen's administrator endpoints besides the integrations: the organisation's push
 * keys (listed without the keys, issued or rotated with the key shown once, revoked) and a read-only page
 * of its outbox. The organisation is always the administrator's own.
 */
export const messagePushAdminRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  app.get(
    PUSH_KEYS_URL,
    {
      config: { access: 'admin', menu: 'messagePush', openness: true },
      schema: { response: withFailures({ 200: envelopeSchema(pushKeyListSchema) }, [400, 401, 403, 500]) },
    },
    async (request) => {
      const session = requireSession(request);
      return ok({ keys: await livePushKeys(db, session.orgId) });
    },
  );

  // Bad input 400, besides the failures of any signed change.
  app.post(
    PUSH_KEYS_URL,
    {
      config: { access: 'admin', menu: 'messagePush', openness: true },
      schema: {
        body: pushKeyIssueRequestSchema,
        response: withFailures(
          { 200: envelopeSchema(pushKeyIssueResultSchema) },
          [400, 401, 403, 413, 415, 500],
        ),
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const issued = await issuePushKey(changeContextOf(db, session, now()), request.body.label, {
        rotate: request.body.rotate,
      });
      // The key is in this answer only: no cache may keep it.
      reply.header('cache-control', 'no-store');
      return ok(issued);
    },
  );

  app.delete(
    PUSH_KEYS_URL,
    {
      config: { access: 'admin', menu: 'messagePush', openness: true },
      schema: {
        response: withFailures({ 200: envelopeSchema(pushKeyRevokeResultSchema) }, [400, 401, 403, 500]),
      },
    },
    async (request) => {
      const session = requireSession(request);
      return ok({ revoked: await revokePushKeys(db, session.orgId, operatorOf(session), now()) });
    },
  );

  app.get(
    '/api/OrganizationOpenness/messagepush/outbox',
    {
      config: { access: 'admin', menu: 'messagePush', openness: true },
      schema: {
        querystring: outboxPageQuerySchema,
        response: withFailures({ 200: envelopeSchema(outboxPageSchema) }, [400, 401, 403, 500]),
      },
    },
    async (request) => {
      const session = requireSession(request);
      return ok(await outboxPage(db, session.orgId, request.query));
    },
  );
};

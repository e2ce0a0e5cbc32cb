import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import {
  messagePushSendRequestSchema,
  messagePushSendResultSchema,
  messagePushTestQuerySchema,
  messagePushTestRequestSchema,
  messagePushTestResultSchema,
} from '../../domain/schemas/message-push';
import { ok } from '../plugins/envelope';
import { requireSession } from '../plugins/session';
import { acceptPushMessages, pushDepsOf } from '../services/push-send-service';
import { sendTestMessage } from '../services/push-debug-message';
import type { MessagePushWorker } from '../services/message-push-worker';
import type { HostRouteDeps } from './host-sign-in';

/** What the push routes need besides the host routes': the outbox's sender, to wake it. */
export interface MessagePushRouteDeps extends HostRouteDeps {
  pushWorker: MessagePushWorker;
}

/**
 * Message push: products queue notifications to their organisation's members inside the chat hosts
 * (authenticated with the organisation's push key, signed like every POST), and the administrator's
 * debug message.
 */
export const messagePushRoutes: FastifyPluginAsyncZod<MessagePushRouteDeps> = async (app, deps) => {
  const { db, config, now, hostApis, secrets, pushWorker } = deps;
  const pushDeps = pushDepsOf(db, { apis: hostApis, secrets, timeoutMs: config.hostApis.timeoutMs, now });

  // A missing or revoked push key or access token 401 (an expired token says so); the organisation not authorised for open capability 403; no enabled integration for the product 409; besides the failures
  // of any signed POST.
  app.post(
    '/api/messagepush/send',
    {
      config: { access: 'public' },
      schema: {
        body: messagePushSendRequestSchema,
        response: withFailures(
          { 200: envelopeSchema(messagePushSendResultSchema) },
          [400, 401, 403, 409, 413, 415, 500],
        ),
      },
    },
    async (request) => {
      // One credential model: the open API's access token works here too; push keys keep working.
      const result = await acceptPushMessages(db, request.headers.authorization, request.body, now());
      pushWorker.wake();
      return ok(result);
    },
  );

  // The integration switched off or the administrator not bound on that platform 409, too many 429.
  const testResponse = withFailures(
    { 200: envelopeSchema(messagePushTestResultSchema) },
    [400, 401, 403, 409, 413, 415, 429, 500],
  );
  app.post(
    '/api/OrganizationOpenness/messagepush/test',
    {
      config: { access: 'admin', menu: 'messagePush', openness: true },
      schema: { body: messagePushTestRequestSchema, response: testResponse },
    },
    async (request) => {
      const session = requireSession(request);
      return ok(await sendTestMessage(pushDeps, session, request.body.platform, request.language));
    },
  );

  // SPEC's GET ?pushType=4: it sends a message, so it is signed like a POST (a replay sends nothing).
  app.get(
    '/api/OrganizationOpenness/messagepush/test',
    {
      config: { access: 'admin', menu: 'messagePush', openness: true, signed: true },
      schema: { querystring: messagePushTestQuerySchema, response: testResponse },
    },
    async (request) => {
      const session = requireSession(request);
      return ok(await sendTestMessage(pushDeps, session, request.query.platform, request.language));
    },
  );
};

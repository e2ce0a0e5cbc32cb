import { z } from 'zod';
import { PRODUCT_CODES } from '../constants';
import { requiredText } from './common';
import { hostPlatformSchema } from './host-sign-in';

/** Most recipients one send may name. */
export const PUSH_MAX_RECIPIENTS = 100;

/**
 * Body of POST /api/messagepush/send (a product's server, with its organisation's push key as
 * `Authorization: Bearer <key>`): a notification to accounts of the organisation, through every enabled
 * host integration whose products include `product`. The same `idempotencyKey` never queues twice.
 */
export const messagePushSendRequestSchema = z.object({
  idempotencyKey: z
    .string()
    .trim()
    .regex(/^[\w.:-]{1,100}$/, 'errors.push.badIdempotencyKey'),
  product: z.enum(PRODUCT_CODES),
  accountIds: z.array(z.number().int().positive()).min(1).max(PUSH_MAX_RECIPIENTS),
  title: requiredText(100),
  text: requiredText(2000),
  url: z
    .url({ protocol: /^https?$/, error: 'errors.push.badUrl' })
    .max(2000, 'errors.validation.tooLong')
    .optional(),
});
export type MessagePushSendRequest = z.input<typeof messagePushSendRequestSchema>;

/** The state of a queued message. */
export const outboxStatusSchema = z.enum(['queued', 'sent', 'failed']);

/** Answer of POST /api/messagepush/send: the messages queued (or queued before), and who got none. */
export const messagePushSendResultSchema = z.object({
  messages: z.array(
    z.object({
      id: z.number(),
      accountId: z.number(),
      platform: hostPlatformSchema,
      status: outboxStatusSchema,
    }),
  ),
  skipped: z.array(z.object({ accountId: z.number(), reason: z.enum(['unknownAccount', 'notBound']) })),
});
export type MessagePushSendResult = z.infer<typeof messagePushSendResultSchema>;

/** Body of POST /api/OrganizationOpenness/messagepush/test: the host to send the debug message through. */
export const messagePushTestRequestSchema = z.object({ platform: hostPlatformSchema });

/** SPEC's push type of the debug message (`GET messagepush/test?pushType=4`). */
export const DEBUG_PUSH_TYPE = 4;

/**
 * Query of SPEC's GET /api/OrganizationOpenness/messagepush/test: `pushType=4` and, optionally, the host;
 * without one the message goes through the organisation's only switched-on integration.
 */
export const messagePushTestQuerySchema = z.object({
  pushType: z.coerce
    .number('errors.push.unknownPushType')
    .pipe(z.literal(DEBUG_PUSH_TYPE, 'errors.push.unknownPushType')),
  platform: hostPlatformSchema.optional(),
});

/** What the platform said to a message, in the catalogue's words (messagePush.result.*). */
export const pushResultSchema = z.enum([
  'delivered',
  'recipientRejected',
  'credentialsRejected',
  'rateLimited',
  'unreachable',
  'refused',
]);
export type PushResult = z.infer<typeof pushResultSchema>;

/**
 * Answer of the debug message: whether the platform took it, the result in the administrator's language,
 * and the platform's own code and message (or its message id).
 */
export const messagePushTestResultSchema = z.object({
  delivered: z.boolean(),
  result: pushResultSchema,
  message: z.string(),
  detail: z.string(),
});
export type MessagePushTestResult = z.infer<typeof messagePushTestResultSchema>;

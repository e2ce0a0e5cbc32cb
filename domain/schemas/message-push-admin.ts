import { z } from 'zod';
import { DEFAULT_PAGE_INDEX, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';
import { optionalText } from './common';
import { hostPlatformSchema } from './host-sign-in';
import { outboxStatusSchema } from './message-push';

/** Longest label an administrator or operator may give a push key. */
export const PUSH_KEY_LABEL_MAX_LENGTH = 100;

/** A live push key as the message-push screen lists it: never the key, which only its creator saw once. */
export const pushKeySchema = z.object({
  id: z.number(),
  label: z.string(),
  createdAt: z.number(),
});
export type PushKey = z.infer<typeof pushKeySchema>;

/** Answer of GET /api/OrganizationOpenness/messagepush/pushKeys: the organisation's live keys, newest first. */
export const pushKeyListSchema = z.object({ keys: z.array(pushKeySchema) });
export type PushKeyList = z.infer<typeof pushKeyListSchema>;

/**
 * Body of POST /api/OrganizationOpenness/messagepush/pushKeys: a new key with an optional label;
 * `rotate` revokes every other live key of the organisation in the same change.
 */
export const pushKeyIssueRequestSchema = z.object({
  label: optionalText(PUSH_KEY_LABEL_MAX_LENGTH).default(''),
  rotate: z.boolean().default(false),
});
export type PushKeyIssueRequest = z.input<typeof pushKeyIssueRequestSchema>;

/** Answer of the issue: the key itself (shown this once; only its hash is kept) and how many were revoked. */
export const pushKeyIssueResultSchema = pushKeySchema.extend({
  key: z.string(),
  revoked: z.number(),
});
export type PushKeyIssueResult = z.infer<typeof pushKeyIssueResultSchema>;

/** Answer of DELETE /api/OrganizationOpenness/messagepush/pushKeys: how many live keys were revoked. */
export const pushKeyRevokeResultSchema = z.object({ revoked: z.number() });
export type PushKeyRevokeResult = z.infer<typeof pushKeyRevokeResultSchema>;

/** Query of GET /api/OrganizationOpenness/messagepush/outbox: a page (from 1), optionally one state. */
export const outboxPageQuerySchema = z.object({
  pageIndex: z.coerce.number().int().min(1).default(DEFAULT_PAGE_INDEX),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  status: outboxStatusSchema.optional(),
});
export type OutboxPageQuery = z.input<typeof outboxPageQuerySchema>;

/** One queued notification as the administrator reads it: to whom, through which host, and what came of it. */
export const outboxMessageSchema = z.object({
  id: z.number(),
  platform: hostPlatformSchema,
  product: z.string(),
  title: z.string(),
  /** The recipient's real name, else their mobile number or email. */
  recipient: z.string(),
  status: outboxStatusSchema,
  attempts: z.number(),
  /** The platform's last answer (its code and message), or why it was not sent; empty before a first try. */
  lastResponse: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  sentAt: z.number().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** Answer of the outbox list: the organisation's messages, newest first, and how many match. */
export const outboxPageSchema = z.object({ total: z.number(), items: z.array(outboxMessageSchema) });
export type OutboxPage = z.infer<typeof outboxPageSchema>;

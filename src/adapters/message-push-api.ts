import type { HostPlatform } from '../../domain/constants';
import {
  type HostIntegration,
  type HostIntegrationInput,
  type HostIntegrationList,
  hostIntegrationListSchema,
  hostIntegrationSchema,
} from '../../domain/schemas/host-integrations';
import { type MessagePushTestResult, messagePushTestResultSchema } from '../../domain/schemas/message-push';
import {
  type OutboxPage,
  type OutboxPageQuery,
  outboxPageSchema,
  type PushKeyIssueRequest,
  type PushKeyIssueResult,
  pushKeyIssueResultSchema,
  type PushKeyList,
  pushKeyListSchema,
  type PushKeyRevokeResult,
  pushKeyRevokeResultSchema,
} from '../../domain/schemas/message-push-admin';
import { apiClient } from './api-client';

// The schemas come in statically: only the message-push screen (its own lazy chunk, which checks its
// form with them anyway) calls these.

const BASE = '/OrganizationOpenness/messagepush';

/** GET /api/OrganizationOpenness/messagepush/config: the integrations (secrets masked) and licensed products. */
export async function getPushConfig(): Promise<HostIntegrationList> {
  return hostIntegrationListSchema.parse(await apiClient().get(`${BASE}/config`, { silent: true }));
}

/** PUT /api/OrganizationOpenness/messagepush/config: saves one host's integration; a refusal is toasted. */
export async function savePushIntegration(input: HostIntegrationInput): Promise<HostIntegration> {
  return hostIntegrationSchema.parse(await apiClient().put(`${BASE}/config`, input));
}

/**
 * POST /api/OrganizationOpenness/messagepush/test: a debug message to the administrator's own identity
 * on the host, and what the platform answered. Silent: the screen shows a refusal beside the button.
 */
export async function sendDebugMessage(platform: HostPlatform): Promise<MessagePushTestResult> {
  return messagePushTestResultSchema.parse(
    await apiClient().post(`${BASE}/test`, { platform }, { silent: true }),
  );
}

/** GET /api/OrganizationOpenness/messagepush/pushKeys: the organisation's live push keys (never the keys). */
export async function listPushKeys(): Promise<PushKeyList> {
  return pushKeyListSchema.parse(await apiClient().get(`${BASE}/pushKeys`, { silent: true }));
}

/** POST /api/OrganizationOpenness/messagepush/pushKeys: a new key (in this answer only), rotating if asked. */
export async function issuePushKey(request: PushKeyIssueRequest): Promise<PushKeyIssueResult> {
  return pushKeyIssueResultSchema.parse(await apiClient().post(`${BASE}/pushKeys`, request));
}

/** DELETE /api/OrganizationOpenness/messagepush/pushKeys: revokes every live key. */
export async function revokePushKeys(): Promise<PushKeyRevokeResult> {
  return pushKeyRevokeResultSchema.parse(await apiClient().delete(`${BASE}/pushKeys`));
}

/** GET /api/OrganizationOpenness/messagepush/outbox: a page of the organisation's queued messages. */
export async function getPushOutbox(query: OutboxPageQuery): Promise<OutboxPage> {
  const params: Record<string, string | number> = {};
  if (query.pageIndex !== undefined) params.pageIndex = Number(query.pageIndex);
  if (query.pageSize !== undefined) params.pageSize = Number(query.pageSize);
  if (query.status) params.status = query.status;
  return outboxPageSchema.parse(await apiClient().get(`${BASE}/outbox`, { query: params, silent: true }));
}

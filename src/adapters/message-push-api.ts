import type { HostPlatform } from '../../domain/constants';
import type {
  HostIntegration,
  HostIntegrationInput,
  HostIntegrationList,
} from '../../domain/schemas/host-integrations';
import type {
  OutboxPage,
  OutboxPageQuery,
  PushKeyIssueRequest,
  PushKeyIssueResult,
  PushKeyList,
  PushKeyRevokeResult,
} from '../../domain/schemas/message-push-admin';
import type { MessagePushTestResult } from '../../domain/schemas/message-push';
import { apiClient } from './api-client';

const BASE = '/OrganizationOpenness/messagepush';

/** The response schemas, loaded with the first call (only the message-push screen makes these). */
const schemas = () =>
  Promise.all([
    import('../../domain/schemas/host-integrations'),
    import('../../domain/schemas/message-push'),
    import('../../domain/schemas/message-push-admin'),
  ]).then(([integrations, push, admin]) => ({ ...integrations, ...push, ...admin }));

/** GET /api/OrganizationOpenness/messagepush/config: the integrations (secrets masked) and licensed products. */
export async function getPushConfig(): Promise<HostIntegrationList> {
  const [data, s] = await Promise.all([apiClient().get(`${BASE}/config`, { silent: true }), schemas()]);
  return s.hostIntegrationListSchema.parse(data);
}

/** PUT /api/OrganizationOpenness/messagepush/config: saves one host's integration; a refusal is toasted. */
export async function savePushIntegration(input: HostIntegrationInput): Promise<HostIntegration> {
  const [data, s] = await Promise.all([apiClient().put(`${BASE}/config`, input), schemas()]);
  return s.hostIntegrationSchema.parse(data);
}

/**
 * POST /api/OrganizationOpenness/messagepush/test: a debug message to the administrator's own identity
 * on the host, and what the platform answered. Silent: the screen shows a refusal beside the button.
 */
export async function sendDebugMessage(platform: HostPlatform): Promise<MessagePushTestResult> {
  const [data, s] = await Promise.all([
    apiClient().post(`${BASE}/test`, { platform }, { silent: true }),
    schemas(),
  ]);
  return s.messagePushTestResultSchema.parse(data);
}

/** GET /api/OrganizationOpenness/messagepush/pushKeys: the organisation's live push keys (never the keys). */
export async function listPushKeys(): Promise<PushKeyList> {
  const [data, s] = await Promise.all([apiClient().get(`${BASE}/pushKeys`, { silent: true }), schemas()]);
  return s.pushKeyListSchema.parse(data);
}

/** POST /api/OrganizationOpenness/messagepush/pushKeys: a new key (in this answer only), rotating if asked. */
export async function issuePushKey(request: PushKeyIssueRequest): Promise<PushKeyIssueResult> {
  const [data, s] = await Promise.all([apiClient().post(`${BASE}/pushKeys`, request), schemas()]);
  return s.pushKeyIssueResultSchema.parse(data);
}

/** DELETE /api/OrganizationOpenness/messagepush/pushKeys: revokes every live key. */
export async function revokePushKeys(): Promise<PushKeyRevokeResult> {
  const [data, s] = await Promise.all([apiClient().delete(`${BASE}/pushKeys`), schemas()]);
  return s.pushKeyRevokeResultSchema.parse(data);
}

/** GET /api/OrganizationOpenness/messagepush/outbox: a page of the organisation's queued messages. */
export async function getPushOutbox(query: OutboxPageQuery): Promise<OutboxPage> {
  const params: Record<string, string | number> = {};
  if (query.pageIndex !== undefined) params.pageIndex = Number(query.pageIndex);
  if (query.pageSize !== undefined) params.pageSize = Number(query.pageSize);
  if (query.status) params.status = query.status;
  const [data, s] = await Promise.all([
    apiClient().get(`${BASE}/outbox`, { query: params, silent: true }),
    schemas(),
  ]);
  return s.outboxPageSchema.parse(data);
}

import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type HostPlatform, MINUTE_MS } from '../../domain/constants';
import { type OutboxPage, PUSH_KEY_LABEL_MAX_LENGTH } from '../../domain/schemas/message-push-admin';
import type {
  MessagePushSendRequest,
  MessagePushSendResult,
  PushResult,
} from '../../domain/schemas/message-push';
import type { Database, OutboxStatus } from '../db/tables';
import { ApiError } from '../core/errors';
import type { HostMessage } from '../integrations/host-api';
import type { HostApis } from '../integrations/host-apis';
import { HostApiError } from '../integrations/host-http';
import type { HostIntegrationRow } from '../repositories/host-integrations-repository';
import { readRepositories, type Repositories, withTransaction } from '../repositories';
import { type SecretBox, SecretBoxError } from '../security/secret-box';
import { hashToken } from '../security/tokens';
import type { Operator } from '../core/operator';
import type { OrgChangeContext } from './service-context';
import { integrationCredentials } from '../integrations/host-credentials';
import { databaseTokenSource } from '../integrations/host-token-cache';
import { logMessage } from '../../domain/rules/operation-log-content';

/** What sending through a platform needs: repositories, the platforms' clients, secrets and the clock. */
export interface PushDeps {
  repos: Repositories;
  apis: HostApis;
  secrets: SecretBox;
  /** How long one send may wait for the platform (token and message). */
  timeoutMs: number;
  now: () => number;
}

/** Debug messages one administrator may send per window (each is a real call to the platform). */
export const PUSH_TEST_LIMIT = 10;
export const PUSH_TEST_WINDOW_MS = 10 * MINUTE_MS;

/** The outcome of one send: the platform's message id, or why it failed and whether to try again. */
export type SendOutcome =
  | { ok: true; messageId: string; detail: string }
  | { ok: false; transient: boolean; result: Exclude<PushResult, 'delivered'>; detail: string };

/** A push-key string as products hold it: `upk_` and 43 URL-safe characters. */
function newPushKey(): string {
  return `upk_${randomBytes(32).toString('base64url')}`;
}

/** A new push key, shown this once, and how many live keys its rotation revoked. */
export interface IssuedPushKey {
  id: number;
  key: string;
  label: string;
  createdAt: number;
  revoked: number;
}

/**
 * Creates an organisation's push key (the server credential its products send messages with) with an
 * operation-log row, in one transaction; `rotate` revokes the organisation's other live keys in the same
 * change, keeping the newest live key's label unless a new one is given. Only the key's hash is kept, so the key is shown this once. The CLI (`org:push-key`) and the
 * message-push screen both issue keys here.
 */
export async function issuePushKey(
  context: OrgChangeContext,
  label: string,
  { rotate = false }: { rotate?: boolean } = {},
): Promise<IssuedPushKey> {
  const { db, orgId, operator, now } = context;
  const key = newPushKey();
  const typed = label.trim().slice(0, PUSH_KEY_LABEL_MAX_LENGTH);
  return withTransaction(db, async (repos) => {
    // A rotation replaces a key: without a new label it keeps the newest live key's (issue 23).
    const shortLabel = typed || (rotate ? ((await repos.pushKeys.listLive(orgId))[0]?.label ?? '') : '');
    const revoked = rotate ? await repos.pushKeys.revokeAll(orgId, now) : 0;
    const id = await repos.pushKeys.insert(orgId, hashToken(key), shortLabel, now);
    await repos.operationLogs.insert({
      orgId,
      operatorId: operator.id,
      operatorName: operator.name,
      module: 'messagePush',
      content: rotate
        ? logMessage(
            shortLabel ? 'operationLog.content.pushKeysRotatedLabel' : 'operationLog.content.pushKeysRotated',
            {
              revoked,
              label: shortLabel,
            },
          )
        : logMessage(
            shortLabel ? 'operationLog.content.pushKeyCreatedLabel' : 'operationLog.content.pushKeyCreated',
            {
              label: shortLabel,
            },
          ),
      now,
    });
    return { id, key, label: shortLabel, createdAt: now, revoked };
  });
}

/** Revokes every live push key of an organisation with an operation-log row; returns how many were live. */
export async function revokePushKeys(
  db: Kysely<Database>,
  orgId: number,
  operator: Operator,
  now: number,
): Promise<number> {
  return withTransaction(db, async (repos) => {
    const revoked = await repos.pushKeys.revokeAll(orgId, now);
    await repos.operationLogs.insert({
      orgId,
      operatorId: operator.id,
      operatorName: operator.name,
      module: 'messagePush',
      content: logMessage('operationLog.content.pushKeysRevoked', { count: revoked }),
      now,
    });
    return revoked;
  });
}

/** The organisation of a request's `Authorization: Bearer <push key>`; anything else is 401. */
export async function authenticatePushKey(
  repos: Repositories,
  authorization: string | undefined,
): Promise<number> {
  const match = /^Bearer (upk_[\w-]{43})$/.exec(authorization ?? '');
  const orgId = match ? await repos.pushKeys.findOrgId(hashToken(match[1])) : undefined;
  if (orgId === undefined) throw new ApiError(401, 'errors.push.badCredential');
  return orgId;
}

/** The outbox idempotency key of one recipient on one platform. */
function rowKey(idempotencyKey: string, accountId: number, platform: string): string {
  return `${idempotencyKey}:${accountId}:${platform}`;
}

/**
 * Queues a product's notification (POST /api/messagepush/send) for each named account of the organisation
 * on each enabled integration whose products include the product and where the account has a host
 * identity. The same idempotency key queues nothing new and answers the messages it queued before.
 */
export async function enqueueMessages(
  repos: Repositories,
  orgId: number,
  input: Omit<MessagePushSendRequest, 'url'> & { url?: string },
  now: number,
): Promise<MessagePushSendResult> {
  const integrations = (await repos.hostIntegrations.listByOrg(orgId)).filter(
    (row) => row.enabled === 1 && row.products.split(',').includes(input.product),
  );
  if (integrations.length === 0) throw new ApiError(409, 'errors.push.notConfigured');
  const skipped: MessagePushSendResult['skipped'] = [];
  const platforms = new Map<number, Set<string>>();
  for (const row of await repos.messageOutbox.recipients(
    orgId,
    input.accountIds,
    integrations.map((integration) => integration.platform),
  )) {
    const bound = platforms.get(Number(row.account_id)) ?? new Set<string>();
    if (row.platform) bound.add(row.platform);
    platforms.set(Number(row.account_id), bound);
  }
  const queued: string[] = [];
  const messages = [];
  for (const accountId of [...new Set(input.accountIds)]) {
    const bound = platforms.get(accountId);
    if (!bound) {
      skipped.push({ accountId, reason: 'unknownAccount' });
      continue;
    }
    if (bound.size === 0) skipped.push({ accountId, reason: 'notBound' });
    for (const integration of integrations) {
      const platform = integration.platform as HostPlatform;
      if (!bound.has(platform)) continue;
      const key = rowKey(input.idempotencyKey, accountId, platform);
      queued.push(key);
      messages.push({
        org_id: orgId,
        idempotency_key: key,
        platform,
        account_id: accountId,
        product: input.product,
        title: input.title,
        body: input.text,
        url: input.url ?? '',
        next_attempt_at: now,
        created_at: now,
        updated_at: now,
      });
    }
  }
  await repos.messageOutbox.enqueue(messages);
  const rows = await repos.messageOutbox.findByKeys(orgId, queued);
  return {
    messages: rows.map((row) => ({
      id: Number(row.id),
      accountId: Number(row.account_id),
      platform: row.platform as HostPlatform,
      status: row.status,
    })),
    skipped,
  };
}

/** What a failure of the platform is called in words, and whether trying later may help. */
function failureOutcome(error: HostApiError): SendOutcome {
  const result: Exclude<PushResult, 'delivered'> =
    error.reason === 'recipientRejected'
      ? 'recipientRejected'
      : error.reason === 'credentialsRejected'
        ? 'credentialsRejected'
        : error.reason === 'rateLimited'
          ? 'rateLimited'
          : error.reason === 'unreachable' || error.reason === 'tokenRejected'
            ? 'unreachable'
            : 'refused';
  // A token refused twice in a row is worth another try later, like an unreachable platform.
  return {
    ok: false,
    transient: error.transient || error.reason === 'tokenRejected',
    result,
    detail: error.detail,
  };
}

/**
 * Sends one message to an account's host identity through the integration, within the timeout. Never
 * throws for the platform's answers: they come back as the outcome.
 */
export async function sendThroughIntegration(
  deps: PushDeps,
  integration: HostIntegrationRow,
  accountId: number,
  message: Omit<HostMessage, 'userId' | 'openId'>,
): Promise<SendOutcome> {
  const orgId = Number(integration.org_id);
  const platform = integration.platform as HostPlatform;
  const binding = await deps.repos.hostBindings.findByAccount(orgId, platform, accountId);
  if (!binding) {
    return { ok: false, transient: false, result: 'recipientRejected', detail: 'no host identity bound' };
  }
  const api = deps.apis[platform];
  const signal = AbortSignal.timeout(deps.timeoutMs);
  try {
    const credentials = integrationCredentials(integration, deps.secrets);
    const tokens = databaseTokenSource(
      { integrations: deps.repos.hostIntegrations, secrets: deps.secrets, now: deps.now },
      Number(integration.id),
      api,
      credentials,
      signal,
      deps.timeoutMs + 1000,
    );
    const messageId = await api.send(
      { ...message, userId: binding.host_user_id, openId: binding.open_id },
      { credentials, tokens, signal },
    );
    return { ok: true, messageId, detail: messageId ? `message ${messageId}` : 'accepted' };
  } catch (error) {
    if (error instanceof HostApiError) return failureOutcome(error);
    if (error instanceof SecretBoxError) {
      return { ok: false, transient: false, result: 'credentialsRejected', detail: error.message };
    }
    throw error;
  }
}

/** A page of an organisation's outbox for the message-push screen, newest first, recipients by name. */
export async function listOutbox(
  repos: Repositories,
  orgId: number,
  query: { pageIndex: number; pageSize: number; status?: OutboxStatus },
): Promise<OutboxPage> {
  const { rows, total } = await repos.messageOutbox.page(orgId, {
    status: query.status,
    offset: (query.pageIndex - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return {
    total,
    items: rows.map((row) => ({
      id: Number(row.id),
      platform: row.platform as HostPlatform,
      product: row.product,
      title: row.title,
      recipient: row.real_name || row.mobile || row.email || '',
      status: row.status,
      attempts: Number(row.attempts),
      lastResponse: row.last_response,
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
      sentAt: row.sent_at === null ? null : Number(row.sent_at),
    })),
  };
}

/** The organisation's push keys still in use (their labels and dates; never the keys). */
export function livePushKeys(db: Kysely<Database>, orgId: number) {
  return readRepositories(db).pushKeys.listLive(orgId);
}

/** listOutbox over the database: the Message push screen's page of its outbox. */
export function outboxPage(
  db: Kysely<Database>,
  orgId: number,
  query: { pageIndex: number; pageSize: number; status?: OutboxStatus },
): Promise<OutboxPage> {
  return listOutbox(readRepositories(db), orgId, query);
}

import type { Generated } from 'kysely';

// Chat hosts (DingTalk, Feishu, WeCom, WeChat): integrations, bindings, tokens, the message outbox, push keys.

/** An organisation's integration with a chat host (one per platform); a corp or app id names one organisation. */
export interface HostIntegrationsTable {
  id: Generated<number>;
  org_id: number;
  /** dingtalk, feishu, wecom or wechat. */
  platform: string;
  /** The id the host side knows: DingTalk corpId, Feishu app id, WeCom corp id, WeChat app id. */
  corp_id: string;
  /** What the server gets tokens with: DingTalk app key, Feishu app id, WeCom corp id, WeChat app id. */
  app_key: string;
  /** The app secret, AES-256-GCM encrypted (server/security/secret-box.ts); never sent to a client. */
  app_secret: string;
  agent_id: string;
  enabled: number;
  /** Comma-separated product codes whose notifications go out through this host. */
  products: string;
  created_at: number;
  updated_at: number;
}

/** A host identity of an organisation bound to the account it signs in as. */
export interface HostBindingsTable {
  org_id: number;
  platform: string;
  /** DingTalk userid, Feishu user_id (else open_id), WeCom userid, WeChat openid. */
  host_user_id: string;
  open_id: string | null;
  union_id: string | null;
  account_id: number;
  created_at: number;
  /** When the organisation's system switched this third-party account off (null: on); 0041. */
  disabled_at: number | null;
}

/**
 * A platform access token of an integration, shared by every instance: encrypted, with the lease that lets
 * one instance at a time fetch a new one.
 */
export interface HostTokensTable {
  integration_id: number;
  /** app, tenant, ... (Feishu has two). */
  kind: string;
  token: string;
  expires_at: number;
  lease_owner: string;
  /** Wall-clock ms until which `lease_owner` is fetching a new token. */
  lease_until: number;
}

/** An OAuth state issued for WeChat or WeCom sign-in: single use, short-lived, kept as a hash. */
export interface HostOauthStatesTable {
  state_hash: string;
  integration_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A host identity that matched no account, waiting to be bound after a password sign-in; kept as a hash. */
export interface HostBindTicketsTable {
  ticket_hash: string;
  org_id: number;
  platform: string;
  host_user_id: string;
  open_id: string | null;
  union_id: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** queued (waiting for its first or next attempt), sent, or failed for good. */
export type OutboxStatus = 'queued' | 'sent' | 'failed';

/** A notification to one member through one chat host: queued once per idempotency key, sent by one worker. */
export interface MessageOutboxTable {
  id: Generated<number>;
  org_id: number;
  /** The product's idempotency key with the recipient and platform: the same request never queues twice. */
  idempotency_key: string;
  platform: string;
  account_id: number;
  product: string;
  title: string;
  body: string;
  url: string;
  status: OutboxStatus;
  attempts: number;
  /** App-clock ms of the next attempt (backoff after a transient failure). */
  next_attempt_at: number;
  lease_owner: string;
  /** Wall-clock ms until which `lease_owner` is sending it; a dead sender's lease runs out. */
  lease_until: number;
  platform_message_id: string;
  /** The platform's last answer (its code and message), or why it was not sent. */
  last_response: string;
  created_at: number;
  updated_at: number;
  sent_at: number | null;
}

/** An organisation's push key that its products send messages with; only its SHA-256 is kept. */
export interface PushKeysTable {
  id: Generated<number>;
  org_id: number;
  key_hash: string;
  label: string;
  created_at: number;
  revoked_at: number | null;
}

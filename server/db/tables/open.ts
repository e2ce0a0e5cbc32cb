import type { Generated } from 'kysely';

/** An organisation's app credential for the open API (0033-app-credentials); the secret kept as its SHA-256. */
export interface OpenAppCredentialsTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  app_key: string;
  secret_hash: string;
  /** What the screen shows of the secret after its one showing. */
  secret_mask: string;
  secret_issued_at: number;
  created_at: number;
  updated_at: number;
}

/** An access token issued with an app credential (0033-app-credentials), kept as its SHA-256. */
export interface OpenAccessTokensTable {
  token_hash: string;
  org_id: number;
  credential_id: number;
  issued_at: number;
  expires_at: number;
}

/** SPEC §3 sync status of an open call: 0 queued, 1 success, 2 fail, 4 cancelled. */
export type OpenCallStatus = 0 | 1 | 2 | 4;

/** One open-API call (0034-open-calls): its interface-log row and, while queued, its place in the queue. */
export interface OpenCallsTable {
  id: Generated<number>;
  org_id: number;
  req_id: string;
  credential_id: number | null;
  application: string;
  app_key: string;
  api_name: string;
  request_url: string;
  /** The request body with secrets redacted. */
  request_body: string;
  response_body: string;
  sync_status: number;
  response_status: number;
  api_status_code: number;
  api_status: string;
  operator: string;
  request_time: number;
  response_time: number | null;
  revoke_time: number | null;
  due_at: number | null;
  lease_until: number | null;
  idempotency_key: string | null;
  /** The caller's language, which a queued call's problems are written in (null: zh-CN, before 0041). */
  language: string | null;
}

/** An organisation's delay before open calls take effect (0034-open-calls). */
export interface OrgOpenSettingsTable {
  org_id: number;
  delay_hours: number;
  updated_at: number;
}

/** The id an organisation's own system gives a member or department (0034-open-calls). */
export interface OpenExternalIdsTable {
  org_id: number;
  kind: string;
  external_id: string;
  target_id: number;
}

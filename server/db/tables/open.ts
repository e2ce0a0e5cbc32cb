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

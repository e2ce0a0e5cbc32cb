import type { Generated } from 'kysely';

/**
 * An organisation's SSO configuration (0035-sso): the setting as JSON (no secret), the client secret sealed
 * with the secrets key, whether it is enforced, the hash of the configuration its last successful debug
 * ran with (enabling needs it to be the saved one), and the one administrator's break-glass sign-in.
 */
export interface OrgSsoSettingsTable {
  org_id: number;
  sso_type: string;
  setting: string;
  client_secret: string;
  enabled: number;
  setting_hash: string;
  debugged_hash: Generated<string>;
  last_debug: Generated<string>;
  break_glass_account_id: number | null;
  updated_at: number;
}

/**
 * One started SSO flow (0035-sso): the SHA-256 of its state, its PKCE verifier and nonce, whether it
 * signs in, debugs (for which administrator) or unlocks a locked session, single use until it expires.
 */
export interface SsoStatesTable {
  state_hash: string;
  org_id: number;
  purpose: string;
  code_verifier: string;
  nonce: string;
  account_id: number | null;
  /** The session an unlock flow unlocks (0051-sso-unlock-states), else null. */
  session_id: number | null;
  created_at: number;
  expires_at: number;
}

/**
 * A session an SSO sign-in started (0042-sso-sessions), with the SHA-256 of its CAS service ticket, or its
 * OpenID provider's ID token sealed with the secrets key (0051-sso-id-tokens) for the sign-out's id_token_hint.
 */
export interface SsoSessionsTable {
  session_id: number;
  org_id: number;
  ticket_hash: string | null;
  id_token: string | null;
  created_at: number;
}

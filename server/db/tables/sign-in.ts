import type { Generated } from 'kysely';

// Signing in: sessions, nonces, failure counters, captchas, codes, security verification, IP whitelist, trials.

export interface SessionsTable {
  id: Generated<number>;
  /** SHA-256 of the cookie token; the token itself is never stored. */
  token_hash: string;
  account_id: number;
  org_id: number;
  auto_login: number;
  created_at: number;
  last_seen_at: number;
  revoked_at: number | null;
  ip: string;
  user_agent: string;
  /** Why this session must change its password before anything else (initial, expired, weak), or null. */
  password_change_reason: string | null;
  /** When the screen lock locked this session (0026-lock-trial), or null. */
  locked_at: Generated<number | null>;
  /** 'normal', or 'trial' for a trial sign-in restricted to the demo site (0026-lock-trial). */
  login_mode: Generated<string>;
}

export interface RequestNoncesTable {
  nonce: string;
  expires_at: number;
}

/** Failed sign-in counters, keyed `account:<name>` or `ip:<address>`, per window. */
export interface AuthFailuresTable {
  key: string;
  count: number;
  window_started_at: number;
}

/** Image captchas waiting for their answer; only a salted hash of the answer is kept. */
export interface CaptchasTable {
  /** Random id the client sends back with the answer. */
  id: string;
  answer_hash: string;
  created_at: number;
  expires_at: number;
}

/**
 * Verification codes sent (or, for a name with no account, pretended to be sent: the same row, never
 * delivered) to an account name for one purpose. Only a salted hash of the code is kept.
 */
export interface VerificationCodesTable {
  id: Generated<number>;
  /** What the code is for, e.g. `reset`. */
  purpose: string;
  /** The normalised mobile number or email the code was asked for. */
  recipient: string;
  org_id: number | null;
  account_id: number | null;
  salt: string;
  code_hash: string;
  /** Checks made against this code; at CODE_MAX_TRIES it is dead. */
  tries: number;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

/** Single-use tokens of a verified reset code: they allow setting a new password once. */
export interface ResetTokensTable {
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  org_id: number;
  account_id: number;
  /** `sms`, `email` or `password` (the old password): how the account proved itself. */
  channel: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** Counters of sends (captchas, codes) per key within a window, e.g. `code:ip:<address>`. */
export interface SendCountersTable {
  key: string;
  count: number;
  window_started_at: number;
  expires_at: number;
}

/**
 * A proof that the owner is changing a sign-in mobile number or email (0029-identifier-change-proofs):
 * keyed by the SHA-256 of its token, for one account and session, used once, short-lived.
 */
export interface IdentifierChangeProofsTable {
  token_hash: string;
  org_id: number;
  account_id: number;
  session_id: number;
  /** `password`, `sms` or `email`: how the owner proved themself. */
  method: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** An organisation's security verification at sign-in; an organisation without a row has it off. */
export interface OrgSignInSettingsTable {
  org_id: number;
  /** off, new-device or always. */
  secondary_verification: string;
  updated_at: number;
}

/**
 * A right password (or directory bind) waiting for its verification code: single use, from one address,
 * until it expires or takes too many wrong codes. Only the SHA-256 of the token is stored.
 */
export interface SignInChallengesTable {
  token_hash: string;
  org_id: number;
  account_id: number;
  /** The address the password came from: the code is taken only from there. */
  ip: string;
  /** The name the sign-in was made with (failure counters and the login log use it). */
  login_name: string;
  auto_login: number;
  product: string;
  login_client: string;
  /** Why the session must change its password first, as the password step found (or null). */
  password_change_reason: string | null;
  /** Where the code was sent (the account's mobile number or email), once asked for. */
  recipient: string | null;
  tries: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A device (the SHA-256 of its cookie) or an address an account has signed in from successfully. */
export interface SignInSourcesTable {
  account_id: number;
  /** `device` or `ip`. */
  kind: string;
  value: string;
  org_id: number;
  first_seen_at: number;
  last_seen_at: number;
}

/** An organisation's IP whitelist (0014-governance): the switch and the lines as typed, one range each. */
export interface OrgIpWhitelistsTable {
  org_id: number;
  enabled: number;
  /** One address or CIDR range per line, as the administrator saved them (each valid when saved). */
  lines: string;
  updated_at: number;
}

/** Members the IP whitelist does not apply to (SPEC §6 unrestricted members). */
export interface IpUnrestrictedAccountsTable {
  org_id: number;
  account_id: number;
  created_at: number;
}

/** A prospect's trial application (0018-trial); status 'pending' until an operator approves it. */
export interface TrialApplicationsTable {
  id: Generated<number>;
  name: string;
  mobile: string;
  email: string;
  company: string;
  industry: string;
  product: string;
  message: string;
  /** The applicant's language, for the administrator account made from it. */
  language: string;
  status: string;
  org_id: number | null;
  created_at: number;
  decided_at: number | null;
}

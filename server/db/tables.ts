import type { Generated, Insertable, Selectable } from 'kysely';

/** Table types of the database. Times are epoch milliseconds; flags are 0 or 1 (portable to SQLite). */
export interface Database {
  organizations: OrganizationsTable;
  organization_logos: OrganizationLogosTable;
  account_photos: AccountPhotosTable;
  departments: DepartmentsTable;
  accounts: AccountsTable;
  products: ProductsTable;
  org_products: OrgProductsTable;
  account_products: AccountProductsTable;
  org_product_display: OrgProductDisplayTable;
  org_menu_hidden: OrgMenuHiddenTable;
  account_menus: AccountMenusTable;
  sessions: SessionsTable;
  request_nonces: RequestNoncesTable;
  auth_failures: AuthFailuresTable;
  login_logs: LoginLogsTable;
  notices: NoticesTable;
  notice_reminders: NoticeRemindersTable;
  operation_logs: OperationLogsTable;
  org_ldap_settings: OrgLdapSettingsTable;
  ldap_domains: LdapDomainsTable;
  ldap_identities: LdapIdentitiesTable;
  password_policies: PasswordPoliciesTable;
  password_history: PasswordHistoryTable;
  captchas: CaptchasTable;
  verification_codes: VerificationCodesTable;
  reset_tokens: ResetTokensTable;
  send_counters: SendCountersTable;
  host_integrations: HostIntegrationsTable;
  host_bindings: HostBindingsTable;
  host_tokens: HostTokensTable;
  host_oauth_states: HostOauthStatesTable;
  host_bind_tickets: HostBindTicketsTable;
  org_sign_in_settings: OrgSignInSettingsTable;
  sign_in_challenges: SignInChallengesTable;
  sign_in_sources: SignInSourcesTable;
  message_outbox: MessageOutboxTable;
  push_keys: PushKeysTable;
  org_ip_whitelists: OrgIpWhitelistsTable;
  ip_unrestricted_accounts: IpUnrestrictedAccountsTable;
  trial_applications: TrialApplicationsTable;
  org_watermarks: OrgWatermarksTable;
  org_config_values: OrgConfigValuesTable;
  account_app_settings: AccountAppSettingsTable;
  org_esign_settings: OrgEsignSettingsTable;
  account_esign: AccountEsignTable;
  product_handover_hooks: ProductHandoverHooksTable;
  import_password_files: ImportPasswordFilesTable;
  identifier_change_proofs: IdentifierChangeProofsTable;
}

/**
 * A bulk import's initial passwords waiting for their one download (0027-import-password-files): keyed by
 * the SHA-256 of the download token, sealed with a key derived from it; deleted when fetched or expired.
 */
export interface ImportPasswordFilesTable {
  id: string;
  org_id: number;
  /** The importing administrator, the only one who may fetch it; null for the operator CLI. */
  account_id: number | null;
  /** How many members' passwords it holds. */
  entries: number;
  sealed: string;
  created_at: number;
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

/** A notice (0025-notices): the operator's to everyone (org_id null) or an organisation's to its members. */
export interface NoticesTable {
  id: Generated<number>;
  org_id: number | null;
  notice_type: string;
  title: string;
  detail: string;
  en_detail: string;
  link: string;
  begin_at: number;
  end_at: number;
  created_by: string;
  created_at: number;
}

/** What a user chose for a survey (0025-notices): answered, never, or later until remind_at. */
export interface NoticeRemindersTable {
  notice_id: number;
  account_id: number;
  choice: string;
  remind_at: number | null;
  updated_at: number;
}

export interface OrganizationsTable {
  id: Generated<number>;
  name: string;
  logo: string;
  openness_authorized: number;
  created_at: number;
  /** Set by the administrator on Organisation info (0011-departments). */
  industry: Generated<string>;
  contact: Generated<string>;
  /** End of the trial of an organisation made from a trial application, or null (0026-lock-trial). */
  trial_expires_at: Generated<number | null>;
}

/** An organisation's logo: png or jpeg bytes checked by content, served back by GET /api/organization/logo. */
export interface OrganizationLogosTable {
  org_id: number;
  content_type: string;
  data: Buffer;
  updated_at: number;
}

/** A member's photo (0013-personal): one per account, replaced on upload. */
export interface AccountPhotosTable {
  account_id: number;
  org_id: number;
  content_type: string;
  data: Buffer;
  updated_at: number;
}

export interface DepartmentsTable {
  id: Generated<number>;
  org_id: number;
  parent_id: number | null;
  name: string;
  manager_account_id: number | null;
  description: string;
  created_at: number;
}

export type AccountStatus = 'active' | 'locked' | 'removed';

export interface AccountsTable {
  id: Generated<number>;
  org_id: number;
  dept_id: number | null;
  real_name: string;
  /** Mainland mobile number, unique in the deployment, or null. */
  mobile: string | null;
  /** Lower-case email, unique in the deployment, or null. */
  email: string | null;
  password_hash: string;
  status: AccountStatus;
  is_org_admin: number;
  login_type: number;
  /** What messages to the member are written in; the interface's language only once chosen. */
  lang: string;
  /** 1 once the member chose `lang` (0031): until then the interface follows the browser. */
  lang_chosen: Generated<number>;
  ui_version: string;
  photo: string;
  must_change_password: number;
  password_changed_at: number;
  is_home_guided: number;
  is_personal_center_guided: number;
  /** A code of systemCode/industryArea, or '' (0013-personal). */
  industry_area: Generated<string>;
  created_at: number;
  last_login_at: number | null;
  removed_at: number | null;
  /** The member's direct superior (another account of the organisation), or null. */
  superior_id: number | null;
  /** The department a removed member was in: restoring brings it back when it still exists. */
  removed_dept_id: number | null;
}

export interface ProductsTable {
  id: Generated<number>;
  code: string;
  sort: number;
  web_url: string;
}

/** Products an organisation is licensed for (granted by the operator). */
export interface OrgProductsTable {
  org_id: number;
  product_id: number;
  granted_at: number;
  /** How many members may hold it; null: no limit (0015-authorisation). */
  seats: Generated<number | null>;
}

/** A product the organisation's card homes leave out (the administrator's display settings). */
export interface OrgProductDisplayTable {
  org_id: number;
  product_id: number;
  hidden_at: number;
}

/** A menu page hidden from every administrator ('admin') or every ordinary member ('member'). */
export interface OrgMenuHiddenTable {
  org_id: number;
  role_type: string;
  menu_code: string;
}

/** A member's own menu setting, over their role type's: has_auth 1 grants, 0 hides. */
export interface AccountMenusTable {
  org_id: number;
  account_id: number;
  menu_code: string;
  has_auth: number;
}

/** Products an account may use, within its organisation's licence (granted by its administrator). */
export interface AccountProductsTable {
  org_id: number;
  account_id: number;
  product_id: number;
  granted_at: number;
}

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

export interface LoginLogsTable {
  id: Generated<number>;
  org_id: number | null;
  account_id: number | null;
  account: string;
  ip: string;
  browser: string;
  product: string;
  login_client: string;
  success: number;
  reason: string | null;
  created_at: number;
}

export interface OperationLogsTable {
  id: Generated<number>;
  org_id: number;
  operator_id: number | null;
  operator_name: string;
  module: string;
  /** English text: the whole content of rows written before 0028, a plain fallback for the rest. */
  content: string;
  /** What happened as an `operationLog.*` message key (0028), rendered in the reader's language. */
  content_key: string | null;
  /** The key's values as JSON (LogMessage params, domain/rules/operation-log-content.ts). */
  content_params: string | null;
  /** Lower-cased renderings in every language, for the keyword filter; null on old rows. */
  search_text: string | null;
  created_at: number;
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
  /** `sms` or `email`: how the account proved itself. */
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

/** An organisation's password policy; an organisation without a row has the deployment defaults. */
export interface PasswordPoliciesTable {
  org_id: number;
  min_length: number;
  max_length: number;
  /** Comma-separated character classes (upper, lower, digit, symbol, letter); empty for none. */
  required_classes: string;
  /** never, 10m, 30m, 1h, 24h or <n>months. */
  expiry: string;
  history_depth: number;
  lock_after: number;
  updated_at: number;
}

/** Earlier password hashes of an account, newest last: a new password must differ from them. */
export interface PasswordHistoryTable {
  id: Generated<number>;
  org_id: number;
  account_id: number;
  password_hash: string;
  created_at: number;
}

/** An organisation's AD/LDAP sign-in setting; the portal binds as the user, so no service secret is kept. */
export interface OrgLdapSettingsTable {
  org_id: number;
  /** ldap:// or ldaps:// address of the directory. */
  url: string;
  start_tls: number;
  /** PEM of the CA to trust, or empty for the system's CAs. */
  tls_ca: string;
  /** Accept any certificate (set explicitly, for a test directory only). */
  tls_skip_verify: number;
  /** The bind name with `{username}`: a DN template or a UPN such as `{username}@corp.example`. */
  user_dn_template: string;
  base_dn: string;
  /** Filter that reads the user's entry after the bind, with `{username}`; empty reads the bound DN. */
  search_filter: string;
  name_attribute: string;
  mail_attribute: string;
  mobile_attribute: string;
  /** Create a portal account at a directory user's first sign-in when none matches. */
  provision: number;
  enabled: number;
  updated_at: number;
}

/** A domain users type (`lab.test`, `corp`), lower-case; it belongs to one organisation. */
export interface LdapDomainsTable {
  domain: string;
  org_id: number;
}

/** Which portal account a directory user (lower-case user name) of an organisation signs in as. */
export interface LdapIdentitiesTable {
  org_id: number;
  username: string;
  account_id: number;
  created_at: number;
}

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

export type AccountRow = Selectable<AccountsTable>;
export type NewAccount = Insertable<AccountsTable>;

/** An organisation's watermark (0019-watermark): settings as JSON, the picture as a data: URL, on or off. */
export interface OrgWatermarksTable {
  org_id: number;
  enabled: number;
  settings: string;
  image: string;
  updated_at: number;
}

/** A member's own work-table settings per product (0026-lock-trial): pinned first, or hidden. */
export interface AccountAppSettingsTable {
  org_id: number;
  account_id: number;
  product_id: number;
  pinned: number;
  hidden: number;
  updated_at: number;
}

/** A product's handover hook (0024-handover): the callback checked before members are removed. */
export interface ProductHandoverHooksTable {
  product_id: number;
  url: string;
  /** The HMAC secret, sealed with the secrets key (context `product_handover_hooks:<product id>:secret`). */
  secret_sealed: string;
  updated_at: number;
}

/** An organisation's electronic signature settings (0020-esign); absent: the defaults. */
export interface OrgEsignSettingsTable {
  org_id: number;
  enabled: number;
  strength: string;
  min_length: number;
  allow_same_as_login: number;
  updated_at: number;
}

/** How a member signs (0020-esign): 'separate' with its argon2id hash, or 'login'; wrong tries and lock. */
export interface AccountEsignTable {
  account_id: number;
  org_id: number;
  mode: string;
  password_hash: Generated<string>;
  failures: Generated<number>;
  locked_until: number | null;
  updated_at: number;
}

/** A setting of System settings > General an organisation saved (0022-org-config): its value as JSON text. */
export interface OrgConfigValuesTable {
  org_id: number;
  config_key: string;
  value: string;
  updated_at: number;
}

/** A setting of System settings > General an organisation saved (0022-org-config): its value as JSON text. */
export interface OrgConfigValuesTable {
  org_id: number;
  config_key: string;
  value: string;
  updated_at: number;
}

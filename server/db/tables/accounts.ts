import type { Generated, Insertable, Selectable } from 'kysely';

// Accounts and what belongs to one member: photo, menus, products, passwords, signature, handover hooks.

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
  /** Goes up with every update of the row, by a trigger (0047): what a cached copy is checked against. */
  row_version: Generated<number>;
}

export type AccountRow = Selectable<AccountsTable>;

export type NewAccount = Insertable<AccountsTable>;

/** A member's photo (0013-personal): one per account, replaced on upload. */
export interface AccountPhotosTable {
  account_id: number;
  org_id: number;
  content_type: string;
  data: Buffer;
  updated_at: number;
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

/** A member's own work-table settings per product (0026-lock-trial): pinned first, or hidden. */
export interface AccountAppSettingsTable {
  org_id: number;
  account_id: number;
  product_id: number;
  pinned: number;
  hidden: number;
  updated_at: number;
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
  /** The download token sealed with the server's secrets key (0038), so the dialog can offer it again. */
  token_sealed: string | null;
  created_at: number;
  expires_at: number;
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

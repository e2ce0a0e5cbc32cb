import type { Generated } from 'kysely';

// Organisations and what they set for everyone: departments, licensed products, menus, settings, watermark.

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
  /** Goes up with every change of its org_config_values, by a trigger (0047): checks cached settings. */
  settings_version: Generated<number>;
  /** Goes up with every change the member list filters or counts on, by triggers (0048): checks cached searches. */
  members_version: Generated<number>;
  /** Goes up with every change of its own monomers, by triggers (0049): checks cached library searches. */
  monomers_version: Generated<number>;
}

/** An organisation's logo: png or jpeg bytes checked by content, served back by GET /api/organization/logo. */
export interface OrganizationLogosTable {
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

/** A setting of System settings > General an organisation saved (0022-org-config): its value as JSON text. */
export interface OrgConfigValuesTable {
  org_id: number;
  config_key: string;
  value: string;
  updated_at: number;
}

/** An organisation's watermark (0019-watermark): settings as JSON, the picture as a data: URL, on or off. */
export interface OrgWatermarksTable {
  org_id: number;
  enabled: number;
  settings: string;
  image: string;
  updated_at: number;
}

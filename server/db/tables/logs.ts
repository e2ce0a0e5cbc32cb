import type { Generated } from 'kysely';

// What happened and what is told: login logs, operation logs, notices.

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

import type { NewAccount } from '../db/tables';

/** What tells one new account from another; every other column starts the same for all of them. */
export interface NewAccountFields {
  orgId: number;
  deptId: number | null;
  superiorId?: number | null;
  realName: string;
  mobile: string | null;
  email: string | null;
  /** '' for an account without a local password (a domain or SSO account). */
  passwordHash: string;
  loginType: number;
  isOrgAdmin?: boolean;
  mustChangePassword: boolean;
  /** The interface language; zh-CN unless the account was given one. */
  lang?: string;
}

/**
 * The row of a new, active account: the one place that knows a new account's starting columns (no photo, no
 * guide seen, never signed in, the password as of now), for every way an account comes to be.
 */
export function newAccountRow(fields: NewAccountFields, now: number): NewAccount {
  return {
    org_id: fields.orgId,
    dept_id: fields.deptId,
    superior_id: fields.superiorId ?? null,
    real_name: fields.realName,
    mobile: fields.mobile,
    email: fields.email,
    password_hash: fields.passwordHash,
    status: 'active',
    is_org_admin: fields.isOrgAdmin ? 1 : 0,
    login_type: fields.loginType,
    lang: fields.lang ?? 'zh-CN',
    ui_version: 'NEW',
    photo: '',
    must_change_password: fields.mustChangePassword ? 1 : 0,
    password_changed_at: now,
    is_home_guided: 0,
    is_personal_center_guided: 0,
    created_at: now,
    last_login_at: null,
    removed_at: null,
    removed_dept_id: null,
  };
}

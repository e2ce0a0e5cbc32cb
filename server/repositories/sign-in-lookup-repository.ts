import type { Kysely } from 'kysely';
import { type SecondaryVerificationMode, SECONDARY_VERIFICATION_MODES } from '../../domain/constants';
import type { AccountIdentifier } from '../../domain/rules/account-identifier';
import { defaultPasswordPolicy, type PasswordPolicy } from '../../domain/rules/password-policy';
import { compiledOnce } from '../db/compiled-once';
import type { Database } from '../db/tables';
import { type AccountWithOrganization, accountsWithOrganization } from './accounts-repository';
import type { WhitelistAccess } from './ip-whitelist-repository';
import { policyFromRow } from './password-policies-repository';

/** What a sign-in needs of its organisation's settings, besides the account. */
export interface SignInSettings {
  policy: PasswordPolicy;
  /** The security verification mode; `off` until set. */
  verificationMode: SecondaryVerificationMode;
  /** Whether the organisation enforces SSO (sso-enforcement.ts). */
  ssoEnforced: boolean;
  /** The IP whitelist as it applies to the account, when read with it (ipWhitelist.accessFor's answer). */
  whitelist?: WhitelistAccess;
}

/** The columns of the organisation's settings read beside the account (prefixed so none clashes). */
interface SettingsColumns {
  p_min_length: number | null;
  p_max_length: number | null;
  p_required_classes: string | null;
  p_expiry: string | null;
  p_history_depth: number | null;
  p_lock_after: number | null;
  s_secondary_verification: string | null;
  x_enabled: number | null;
}

const SETTINGS_COLUMNS = [
  'p.min_length as p_min_length',
  'p.max_length as p_max_length',
  'p.required_classes as p_required_classes',
  'p.expiry as p_expiry',
  'p.history_depth as p_history_depth',
  'p.lock_after as p_lock_after',
  's.secondary_verification as s_secondary_verification',
  'x.enabled as x_enabled',
] as const;

/** The settings of no organisation (what a name with no account is weighed against). */
export function noSignInSettings(): SignInSettings {
  return settingsFrom(undefined);
}

function settingsFrom(row: SettingsColumns | undefined): SignInSettings {
  const verificationMode =
    SECONDARY_VERIFICATION_MODES.find((known) => known === row?.s_secondary_verification) ?? 'off';
  const policy =
    row && row.p_min_length !== null
      ? policyFromRow({
          min_length: row.p_min_length,
          max_length: row.p_max_length!,
          required_classes: row.p_required_classes!,
          expiry: row.p_expiry!,
          history_depth: row.p_history_depth!,
          lock_after: row.p_lock_after!,
        })
      : // An organisation without a saved policy has the defaults for its verification mode.
        defaultPasswordPolicy(verificationMode);
  return { policy, verificationMode, ssoEnforced: Number(row?.x_enabled) === 1 };
}

/** What the lookup reads with the account besides the settings: its IP whitelist standing and terms. */
const ACCOUNT_EXTRA_COLUMNS = [
  'w.enabled as w_enabled',
  'w.lines as w_lines',
  'u.account_id as u_account_id',
  't.terms_version as t_terms_version',
] as const;

/** The lookup's columns that are not the account's: the aliases of the settings and of the extras. */
const LOOKUP_EXTRA_COLUMNS = new Set(
  [...SETTINGS_COLUMNS, ...ACCOUNT_EXTRA_COLUMNS].map((column) => column.slice(column.indexOf(' as ') + 4)),
);

/**
 * The account of a lookup row: its columns but the settings and extras, copied column by column from a
 * list made from the first row read. A rest pattern over the row's forty-odd columns excluding twelve
 * costs V8 a runtime call that checks every excluded name against every column: several times this copy,
 * on every sign-in.
 */
function accountColumnsReader() {
  let accountColumns: string[] | null = null;
  return (row: Record<string, unknown>): AccountWithOrganization => {
    accountColumns ??= Object.keys(row).filter((column) => !LOOKUP_EXTRA_COLUMNS.has(column));
    const account: Record<string, unknown> = {};
    for (const column of accountColumns) account[column] = row[column];
    return account as unknown as AccountWithOrganization;
  };
}

/**
 * What a sign-in reads before it decides anything, in one query: the account a name stands for with its
 * organisation and department, and that organisation's password policy, security verification mode, SSO
 * switch and IP whitelist (with whether the account is exempt from it). A name with no account reads the same query and gets nothing, at the same cost.
 */
export function createSignInLookupRepository(db: Kysely<Database>) {
  const byIdentifier = (column: 'a.mobile' | 'a.email') =>
    compiledOnce(
      db,
      (value: string) =>
        accountsWithOrganization(db)
          .leftJoin('password_policies as p', 'p.org_id', 'a.org_id')
          .leftJoin('org_sign_in_settings as s', 's.org_id', 'a.org_id')
          .leftJoin('org_sso_settings as x', 'x.org_id', 'a.org_id')
          .leftJoin('org_ip_whitelists as w', 'w.org_id', 'a.org_id')
          .leftJoin('ip_unrestricted_accounts as u', (join) =>
            join.onRef('u.org_id', '=', 'a.org_id').onRef('u.account_id', '=', 'a.id'),
          )
          .leftJoin('terms_agreements as t', 't.account_id', 'a.id')
          .select(SETTINGS_COLUMNS)
          .select(ACCOUNT_EXTRA_COLUMNS)
          .where(column, '=', value)
          .where('a.status', '!=', 'removed')
          .limit(1),
      1,
    );
  const byMobile = byIdentifier('a.mobile');
  // The columns are the same for both lookups, read the first time either answers.
  const accountColumnsOf = accountColumnsReader();
  const byEmail = byIdentifier('a.email');
  const ofOrganization = compiledOnce(
    db,
    (orgId: number) =>
      db
        .selectFrom('organizations as o')
        .leftJoin('password_policies as p', 'p.org_id', 'o.id')
        .leftJoin('org_sign_in_settings as s', 's.org_id', 'o.id')
        .leftJoin('org_sso_settings as x', 'x.org_id', 'o.id')
        .select(SETTINGS_COLUMNS)
        .where('o.id', '=', orgId),
    1,
  );
  return {
    /**
     * The account a mobile number or email names (removed accounts are not found; see
     * accounts.findByIdentifier) with its organisation's sign-in settings.
     */
    async findAccount(identifier: AccountIdentifier): Promise<
      | {
          account: AccountWithOrganization;
          settings: SignInSettings;
          /** The version of the terms the account last agreed to (null: none yet). */
          agreedTermsVersion: string | null;
        }
      | undefined
    > {
      if (identifier.kind === 'other') return undefined;
      const [row] = await (identifier.kind === 'mobile' ? byMobile : byEmail)(identifier.value);
      if (!row) return undefined;
      const {
        w_enabled,
        w_lines,
        u_account_id,
        t_terms_version,
        p_min_length,
        p_max_length,
        p_required_classes,
        p_expiry,
        p_history_depth,
        p_lock_after,
        s_secondary_verification,
        x_enabled,
      } = row;
      const account = accountColumnsOf(row);
      const settings = settingsFrom({
        p_min_length,
        p_max_length,
        p_required_classes,
        p_expiry,
        p_history_depth,
        p_lock_after,
        s_secondary_verification,
        x_enabled,
      });
      const whitelist = {
        enabled: Number(w_enabled) === 1,
        lines: w_lines ?? '',
        unrestricted: u_account_id !== null,
      };
      return { account, settings: { ...settings, whitelist }, agreedTermsVersion: t_terms_version };
    },

    /** An organisation's sign-in settings (the defaults for an organisation that does not exist). */
    async settingsOf(orgId: number): Promise<SignInSettings> {
      const [row] = await ofOrganization(orgId);
      return settingsFrom(row);
    },
  };
}

/**
 * Table types of the database, one file per area beside this one; `Database` is assembled here only.
 * Times are epoch milliseconds; flags are 0 or 1 (portable to SQLite). A new area: add its file and its lines below.
 */
import type {
  DepartmentsTable,
  OrgConfigValuesTable,
  OrgMenuHiddenTable,
  OrgProductDisplayTable,
  OrgProductsTable,
  OrgWatermarksTable,
  OrganizationLogosTable,
  OrganizationsTable,
  ProductsTable,
} from './organizations';
import type {
  AccountAppSettingsTable,
  AccountEsignTable,
  AccountMenusTable,
  AccountPhotosTable,
  AccountProductsTable,
  AccountsTable,
  ImportPasswordFilesTable,
  OrgEsignSettingsTable,
  PasswordHistoryTable,
  PasswordPoliciesTable,
  ProductHandoverHooksTable,
} from './accounts';
import type {
  AuthFailuresTable,
  CaptchasTable,
  IdentifierChangeProofsTable,
  IpUnrestrictedAccountsTable,
  OrgIpWhitelistsTable,
  OrgSignInSettingsTable,
  RequestNoncesTable,
  ResetTokensTable,
  SendCountersTable,
  SessionsTable,
  SignInChallengesTable,
  SignInSourcesTable,
  TrialApplicationsTable,
  VerificationCodesTable,
} from './sign-in';
import type { LoginLogsTable, NoticeRemindersTable, NoticesTable, OperationLogsTable } from './logs';
import type { LdapDomainsTable, LdapIdentitiesTable, OrgLdapSettingsTable } from './ldap';
import type {
  HostBindTicketsTable,
  HostBindingsTable,
  HostIntegrationsTable,
  HostOauthStatesTable,
  HostTokensTable,
  MessageOutboxTable,
  PushKeysTable,
} from './hosts';
import type { LabelLogosTable, LabelTemplatesTable } from './label-templates';
import type { OrgSsoSettingsTable, SsoSessionsTable, SsoStatesTable } from './sso';
import type {
  OpenAccessTokensTable,
  OpenAppCredentialsTable,
  OpenCallsTable,
  OpenExternalIdsTable,
  OrgOpenSettingsTable,
} from './open';
import type { MonomersTable, MonomerUsagesTable } from './monomers';
import type { ScheduledJobsTable } from './operations';
import type { TermsAgreementsTable } from './terms';
import type { FooterSettingsTable } from './footer';

export type * from './organizations';
export type * from './accounts';
export type * from './sign-in';
export type * from './logs';
export type * from './ldap';
export type * from './hosts';
export type * from './open';
export type * from './label-templates';
export type * from './sso';
export type * from './monomers';
export type * from './operations';
export type * from './terms';

export interface Database {
  footer_settings: FooterSettingsTable;
  label_templates: LabelTemplatesTable;
  label_logos: LabelLogosTable;
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
  open_app_credentials: OpenAppCredentialsTable;
  open_access_tokens: OpenAccessTokensTable;
  org_sso_settings: OrgSsoSettingsTable;
  sso_states: SsoStatesTable;
  sso_sessions: SsoSessionsTable;
  open_calls: OpenCallsTable;
  org_open_settings: OrgOpenSettingsTable;
  open_external_ids: OpenExternalIdsTable;
  monomers: MonomersTable;
  monomer_usages: MonomerUsagesTable;
  scheduled_jobs: ScheduledJobsTable;
  terms_agreements: TermsAgreementsTable;
}

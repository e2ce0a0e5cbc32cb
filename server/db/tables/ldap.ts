// AD/LDAP sign-in: the setting, its domains and the directory identities.

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

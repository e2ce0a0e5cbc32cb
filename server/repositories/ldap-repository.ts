import type { Kysely, Selectable } from 'kysely';
import { LOGIN_TYPES } from '../../domain/constants';
import type { LdapSetting } from '../../domain/schemas/ldap';
import type { Database, OrgLdapSettingsTable } from '../db/tables';

/** A stored LDAP setting row. */
export type LdapSettingRow = Selectable<OrgLdapSettingsTable>;

/** An organisation's LDAP setting in the shape of the API, with its domains. */
export interface StoredLdapSetting {
  orgId: number;
  setting: LdapSetting;
  updatedAt: number;
}

function toSetting(row: LdapSettingRow, domains: string[]): StoredLdapSetting {
  return {
    orgId: Number(row.org_id),
    updatedAt: Number(row.updated_at),
    setting: {
      url: row.url,
      startTls: row.start_tls === 1,
      tlsCa: row.tls_ca,
      tlsSkipVerify: row.tls_skip_verify === 1,
      userDnTemplate: row.user_dn_template,
      baseDn: row.base_dn,
      filter: row.search_filter,
      nameAttribute: row.name_attribute,
      mailAttribute: row.mail_attribute,
      mobileAttribute: row.mobile_attribute,
      domains,
      provision: row.provision === 1,
      enabled: row.enabled === 1,
    },
  };
}

/** Organisations' AD/LDAP settings, their domains and the directory users linked to portal accounts. */
export function createLdapRepository(db: Kysely<Database>) {
  const domainsOf = async (orgId: number) =>
    (
      await db
        .selectFrom('ldap_domains')
        .select('domain')
        .where('org_id', '=', orgId)
        .orderBy('domain')
        .execute()
    ).map((row) => row.domain);

  return {
    async find(orgId: number): Promise<StoredLdapSetting | undefined> {
      const row = await db
        .selectFrom('org_ldap_settings')
        .selectAll()
        .where('org_id', '=', orgId)
        .executeTakeFirst();
      return row ? toSetting(row, await domainsOf(orgId)) : undefined;
    },

    /** The enabled setting of the organisation a typed domain belongs to. */
    async findEnabledByDomain(domain: string): Promise<StoredLdapSetting | undefined> {
      const row = await db
        .selectFrom('ldap_domains as d')
        .innerJoin('org_ldap_settings as s', 's.org_id', 'd.org_id')
        .selectAll('s')
        .where('d.domain', '=', domain.toLowerCase())
        .where('s.enabled', '=', 1)
        .executeTakeFirst();
      return row ? toSetting(row, await domainsOf(Number(row.org_id))) : undefined;
    },

    /** Enabled settings, at most `limit` (a bare user name needs to know whether there is exactly one). */
    async listEnabled(limit: number): Promise<StoredLdapSetting[]> {
      const rows = await db
        .selectFrom('org_ldap_settings')
        .selectAll()
        .where('enabled', '=', 1)
        .orderBy('org_id')
        .limit(limit)
        .execute();
      return Promise.all(rows.map(async (row) => toSetting(row, await domainsOf(Number(row.org_id)))));
    },

    /** Whether any organisation has domain sign-in turned on (the login page shows its switch then). */
    async anyEnabled(): Promise<boolean> {
      const row = await db
        .selectFrom('org_ldap_settings')
        .select('org_id')
        .where('enabled', '=', 1)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The organisation that already uses one of these domains, other than `orgId`. */
    async findDomainOwner(
      orgId: number,
      domains: string[],
    ): Promise<{ domain: string; orgId: number } | undefined> {
      if (domains.length === 0) return undefined;
      const row = await db
        .selectFrom('ldap_domains')
        .select(['domain', 'org_id'])
        .where('domain', 'in', domains)
        .where('org_id', '!=', orgId)
        .orderBy('domain')
        .executeTakeFirst();
      return row ? { domain: row.domain, orgId: Number(row.org_id) } : undefined;
    },

    /** Writes an organisation's setting and replaces its domains (already normalised and free). */
    async save(orgId: number, setting: LdapSetting, now: number): Promise<void> {
      const values = {
        url: setting.url,
        start_tls: setting.startTls ? 1 : 0,
        tls_ca: setting.tlsCa,
        tls_skip_verify: setting.tlsSkipVerify ? 1 : 0,
        user_dn_template: setting.userDnTemplate,
        base_dn: setting.baseDn,
        search_filter: setting.filter,
        name_attribute: setting.nameAttribute,
        mail_attribute: setting.mailAttribute,
        mobile_attribute: setting.mobileAttribute,
        provision: setting.provision ? 1 : 0,
        enabled: setting.enabled ? 1 : 0,
        updated_at: now,
      };
      await db
        .insertInto('org_ldap_settings')
        .values({ org_id: orgId, ...values })
        .onConflict((conflict) => conflict.column('org_id').doUpdateSet(values))
        .execute();
      await db.deleteFrom('ldap_domains').where('org_id', '=', orgId).execute();
      if (setting.domains.length > 0) {
        await db
          .insertInto('ldap_domains')
          .values(setting.domains.map((domain) => ({ domain, org_id: orgId })))
          .execute();
      }
    },

    /** The portal account a directory user of the organisation is linked to. */
    async findLinkedAccountId(orgId: number, username: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('ldap_identities')
        .select('account_id')
        .where('org_id', '=', orgId)
        .where('username', '=', username.toLowerCase())
        .executeTakeFirst();
      return row ? Number(row.account_id) : undefined;
    },

    /** The directory user names linked to a portal account (their failed sign-ins count under these). */
    async usernamesOf(orgId: number, accountId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('ldap_identities')
        .select('username')
        .where('org_id', '=', orgId)
        .where('account_id', '=', accountId)
        .execute();
      return rows.map((row) => row.username);
    },

    /** Whether a portal account is already linked to a directory user of its organisation. */
    async isAccountLinked(orgId: number, accountId: number): Promise<boolean> {
      const row = await db
        .selectFrom('ldap_identities')
        .select('account_id')
        .where('org_id', '=', orgId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Links a directory user to a portal account of the same organisation. The account becomes a domain
     * account (LoginType 1): its password is the directory's from now on, so a local one no longer signs
     * it in and no initial password waits to be changed.
     */
    async link(orgId: number, username: string, accountId: number, now: number): Promise<void> {
      await db
        .insertInto('ldap_identities')
        .values({ org_id: orgId, username: username.toLowerCase(), account_id: accountId, created_at: now })
        .execute();
      await db
        .updateTable('accounts')
        .set({ login_type: LOGIN_TYPES.ad, must_change_password: 0 })
        .where('org_id', '=', orgId)
        .where('id', '=', accountId)
        .execute();
    },
  };
}

export type LdapRepository = ReturnType<typeof createLdapRepository>;

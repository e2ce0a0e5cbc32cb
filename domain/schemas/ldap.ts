import { z } from 'zod';
import { ACCOUNT_MAX_LENGTH, LDAP_CA_MAX_LENGTH, LOGIN_PASSWORD_MAX_LENGTH } from '../constants';
import { DOMAIN_PATTERN, isDirectoryUrl, USERNAME_PLACEHOLDER } from '../rules/ldap';
import { optionalText, requiredText } from './common';

/** An LDAP attribute name (`mail`, `displayName`, `telephoneNumber`). */
const attributeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9-]{0,63}$/, 'errors.ldap.invalidAttribute');

/**
 * An organisation's AD/LDAP sign-in setting (OrganizationConfig/ldap), as the settings screen and the
 * operator's `org:ldap` edit it. The portal binds as the user, so there is no service account and no
 * stored secret; only an optional CA certificate to trust.
 */
export const ldapSettingSchema = z
  .object({
    url: optionalText(500).refine(isDirectoryUrl, 'errors.ldap.invalidUrl'),
    startTls: z.boolean().default(false),
    /** PEM certificate(s) of the CA that signed the directory's certificate; empty: the system's CAs. */
    tlsCa: optionalText(LDAP_CA_MAX_LENGTH)
      .refine((pem) => pem === '' || pem.includes('-----BEGIN CERTIFICATE-----'), 'errors.ldap.invalidCa')
      .default(''),
    /** Accept any certificate: only when explicitly set, for a test directory. */
    tlsSkipVerify: z.boolean().default(false),
    /** `uid={username},ou=people,dc=lab,dc=test` (a DN) or `{username}@corp.example` (a UPN). */
    userDnTemplate: requiredText(500, { required: 'errors.ldap.templateNeedsUsername' }).refine(
      (template) => template.includes(USERNAME_PLACEHOLDER),
      'errors.ldap.templateNeedsUsername',
    ),
    baseDn: requiredText(500, { required: 'errors.ldap.baseDnRequired' }),
    /** Reads the user's entry after the bind, e.g. `(uid={username})`; empty: read the bound DN itself. */
    filter: optionalText(500)
      .refine(
        (filter) => filter === '' || (filter.startsWith('(') && filter.endsWith(')')),
        'errors.ldap.invalidFilter',
      )
      .default(''),
    nameAttribute: attributeSchema.default('cn'),
    mailAttribute: attributeSchema.default('mail'),
    mobileAttribute: attributeSchema.default('mobile'),
    /** Domains users type before `\` or after `@` (`lab.test`, `CORP`); lower-cased on save. */
    domains: z
      .array(z.string().trim().regex(DOMAIN_PATTERN, 'errors.ldap.invalidDomain'))
      .max(20, 'errors.validation.tooLong')
      .default([]),
    /** Create a portal account at the first sign-in of a directory user who has none. */
    provision: z.boolean().default(false),
    enabled: z.boolean().default(false),
  })
  .refine((setting) => !(setting.startTls && setting.url.toLowerCase().startsWith('ldaps:')), {
    message: 'errors.ldap.startTlsWithLdaps',
    path: ['startTls'],
  });
export type LdapSetting = z.infer<typeof ldapSettingSchema>;
export type LdapSettingInput = z.input<typeof ldapSettingSchema>;

/** GET /api/organizationConfig/ldap: the setting, or null before one is saved. */
export const ldapSettingResponseSchema = z.object({
  setting: ldapSettingSchema.nullable(),
  updatedAt: z.number().nullable(),
});
export type LdapSettingResponse = z.infer<typeof ldapSettingResponseSchema>;

/** POST /api/organizationConfig/ldap/test: the setting as typed (saved or not) and a directory user's sign-in. */
export const ldapTestRequestSchema = z.object({
  setting: ldapSettingSchema,
  username: requiredText(ACCOUNT_MAX_LENGTH, {
    required: 'errors.login.accountRequired',
    tooLong: 'errors.login.accountTooLong',
  }),
  password: z
    .string()
    .min(1, 'errors.login.passwordRequired')
    .max(LOGIN_PASSWORD_MAX_LENGTH, 'errors.login.passwordTooLong'),
});
export type LdapTestRequest = z.input<typeof ldapTestRequestSchema>;

/** What the first sign-in of this directory user would do with a portal account. */
export const ldapAccountMatchSchema = z.enum(['linked', 'matched', 'provision', 'refused']);
export type LdapAccountMatch = z.infer<typeof ldapAccountMatchSchema>;

/** The mapped identity of a test bind; nobody is signed in. */
export const ldapTestResultSchema = z.object({
  dn: z.string(),
  name: z.string(),
  mail: z.string(),
  mobile: z.string(),
  match: ldapAccountMatchSchema,
  /** The portal account it is linked or would be linked to (its email or mobile), else empty. */
  account: z.string(),
});
export type LdapTestResult = z.infer<typeof ldapTestResultSchema>;

import type { Catalogue } from '../catalogue-type';
import type { ldap as zh } from '../zh-CN/ldap';

/** The organisation's domain-account (AD/LDAP) sign-in setting, under system settings. */
export const ldap: Catalogue<typeof zh> = {
  title: 'Domain account sign-in (AD/LDAP)',
  intro:
    'When it is on, members can choose "Domain account" on the sign-in page and sign in with their directory user name and password. The portal binds to the directory as the user and keeps no service account or password.',
  notConfigured: 'Not configured yet',
  updatedAt: 'Last saved: {{time}}',
  enabled: 'Turn on domain account sign-in',
  connection: 'Connection',
  url: 'Directory server',
  urlHelp: 'e.g. ldaps://dc.corp.example:636 or ldap://dc.corp.example:389',
  startTls: 'Encrypt the ldap:// connection with StartTLS',
  tlsCa: 'CA certificate (PEM, optional)',
  tlsCaHelp: "The CA that signed the directory's certificate; empty: the CAs the system trusts",
  tlsSkipVerify: 'Do not verify the server certificate (test directories only)',
  tlsSkipVerifyWarning:
    'Without verification a server posing as the directory could capture domain passwords',
  user: 'Users and attributes',
  userDnTemplate: 'User DN template',
  userDnTemplateHelp: 'OpenLDAP: uid={username},ou=people,dc=corp,dc=example; AD: {username}@corp.example',
  baseDn: 'Base DN',
  filter: 'Search filter (optional)',
  filterHelp:
    "Reads the user's attributes after sign-in, e.g. (uid={username}); what users type is escaped (RFC 4515)",
  nameAttribute: 'Name attribute',
  mailAttribute: 'Email attribute',
  mobileAttribute: 'Mobile attribute',
  domains: 'Sign-in domains',
  domainsHelp:
    'Users who type user@domain or DOMAIN\\user are sent to this organisation, e.g. corp.example, CORP',
  domainsPlaceholder: 'Type a domain and press Enter',
  provision: 'Create an account at the first sign-in',
  provisionHelp: 'When off, only existing members whose email or mobile matches the directory can sign in',
  save: 'Save',
  saved: 'Edit successfully',
  test: 'Test connection',
  testHelp:
    'Tries the setting above (saved or not) with a directory user name and password; nobody is signed in and no account is linked',
  testUsername: 'Directory user name',
  testPassword: 'Password',
  runTest: 'Test',
  testing: 'Testing…',
  testOk: 'Connected: the directory accepted this user',
  result: { dn: 'DN', name: 'Name', mail: 'Email', mobile: 'Mobile', account: 'Portal account' },
  match: {
    linked: 'Linked to {{account}}',
    matched: 'The first sign-in links the existing account {{account}}',
    provision: 'The first sign-in creates an account',
    refused: 'No account to link and accounts are not created: sign-in will be refused',
  },
};

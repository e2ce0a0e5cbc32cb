import type { MessageKey } from '../../domain/i18n';
import fs from 'node:fs';
import type { Kysely } from 'kysely';
import { type LdapSetting, ldapSettingSchema } from '../../domain/schemas/ldap';
import type { Database } from '../db/tables';
import { ApiError } from '../core/errors';
import { readRepositories } from '../repositories';
import { createOutboundGuard, type OutboundGuard } from '../security/outbound-guard';
import { CLI_OPERATOR } from '../core/operator';
import { saveLdapSetting } from '../services/ldap-settings-service';
import { translate, translateIfKnown } from '../core/translate';
import { CommandError, defineCommand } from './command';

/** The options of `npm run cli -- org:ldap`, as node:util parseArgs returns them. */
export interface LdapCommandOptions {
  org?: string;
  url?: string;
  'user-dn-template'?: string;
  'base-dn'?: string;
  filter?: string;
  domain?: string;
  'ca-file'?: string;
  'tls-skip-verify'?: boolean;
  'name-attr'?: string;
  'mail-attr'?: string;
  'mobile-attr'?: string;
  provision?: boolean;
  starttls?: boolean;
  disable?: boolean;
  enable?: boolean;
  show?: boolean;
}

function message(key: MessageKey, params?: Record<string, string | number>): string {
  return translate('en-US', key, params);
}

/** The setting as lines for the operator to read. */
function show(orgId: number, setting: LdapSetting | undefined): string[] {
  if (!setting) return [`organisation ${orgId}: no LDAP sign-in setting`];
  return [
    `organisation ${orgId}: LDAP sign-in ${setting.enabled ? 'enabled' : 'disabled'}`,
    `url: ${setting.url}${setting.startTls ? ' (StartTLS)' : ''}`,
    `tls: ${setting.tlsSkipVerify ? 'certificate NOT verified' : setting.tlsCa ? 'verified with its own CA' : 'verified with the system CAs'}`,
    `user DN template: ${setting.userDnTemplate}`,
    `base DN: ${setting.baseDn}`,
    `filter: ${setting.filter || '(none: the bound entry is read)'}`,
    `attributes: name=${setting.nameAttribute} mail=${setting.mailAttribute} mobile=${setting.mobileAttribute}`,
    `domains: ${setting.domains.join(', ') || '(none: bare user names only)'}`,
    `provision on first sign-in: ${setting.provision ? 'yes' : 'no'}`,
  ];
}

/** The whole setting from the command's options; anything invalid is refused with the screen's messages. */
function settingFrom(options: LdapCommandOptions): LdapSetting {
  const parsed = ldapSettingSchema.safeParse({
    url: options.url,
    startTls: options.starttls ?? false,
    tlsCa: options['ca-file'] ? fs.readFileSync(options['ca-file'], 'utf8') : '',
    tlsSkipVerify: options['tls-skip-verify'] ?? false,
    userDnTemplate: options['user-dn-template'] ?? '',
    baseDn: options['base-dn'] ?? '',
    filter: options.filter ?? '',
    nameAttribute: options['name-attr'],
    mailAttribute: options['mail-attr'],
    mobileAttribute: options['mobile-attr'],
    domains: (options.domain ?? '')
      .split(',')
      .map((domain) => domain.trim())
      .filter(Boolean),
    provision: options.provision ?? false,
    enabled: !options.disable,
  });
  if (!parsed.success) {
    throw new CommandError(
      parsed.error.issues
        .map((issue) => `--${issue.path.join('.')}: ${translateIfKnown('en-US', issue.message)}`)
        .join('\n'),
    );
  }
  return parsed.data;
}

/**
 * `org:ldap`: shows, sets, enables or disables an organisation's AD/LDAP sign-in, with an operation-log
 * row for every change. Returns the lines to print. The address goes through the same outbound guard as
 * the administrator's screen: a directory on this machine needs OUTBOUND_ALLOW_HOSTS.
 */
export async function runLdapCommand(
  db: Kysely<Database>,
  options: LdapCommandOptions,
  now: number,
  outbound: OutboundGuard,
): Promise<string[]> {
  const orgId = Number(options.org);
  if (!Number.isInteger(orgId) || orgId <= 0) throw new CommandError('--org <id> is required');
  const repos = readRepositories(db);
  if (!(await repos.organizations.findById(orgId))) throw new Error(`No organisation with id ${orgId}`);
  const stored = await repos.ldap.find(orgId);
  if (options.show) return show(orgId, stored?.setting);

  let setting: LdapSetting;
  if (options.url) {
    setting = settingFrom(options);
  } else if (options.enable || options.disable) {
    if (!stored)
      throw new CommandError(`organisation ${orgId} has no LDAP setting yet: give --url and the rest`);
    setting = { ...stored.setting, enabled: Boolean(options.enable) && !options.disable };
  } else {
    throw new CommandError('give --url with the setting, or --show, --enable or --disable');
  }
  try {
    const saved = await saveLdapSetting({ db, orgId, operator: CLI_OPERATOR, now }, setting, outbound);
    return show(orgId, saved);
  } catch (error) {
    if (error instanceof ApiError) throw new CommandError(message(error.key, error.params));
    throw error;
  }
}

export const LDAP_COMMANDS = [
  defineCommand({
    name: 'org:ldap',
    usage: `  org:ldap     --org <id> --url <ldap(s)://host:port> --user-dn-template <template with {username}>
               --base-dn <dn> [--filter <filter with {username}>] [--domain <d1,d2>] [--provision]
               [--starttls] [--ca-file <pem>] [--tls-skip-verify] [--name-attr cn] [--mail-attr mail]
               [--mobile-attr mobile] [--disable]
                                              set an organisation's AD/LDAP (domain account) sign-in
  org:ldap     --org <id> --show | --enable | --disable
                                              show it, or turn the saved setting on or off`,
    options: {
      org: { type: 'string' },
      url: { type: 'string' },
      'user-dn-template': { type: 'string' },
      'base-dn': { type: 'string' },
      filter: { type: 'string' },
      domain: { type: 'string' },
      'ca-file': { type: 'string' },
      'tls-skip-verify': { type: 'boolean' },
      'name-attr': { type: 'string' },
      'mail-attr': { type: 'string' },
      'mobile-attr': { type: 'string' },
      provision: { type: 'boolean' },
      starttls: { type: 'boolean' },
      disable: { type: 'boolean' },
      enable: { type: 'boolean' },
      show: { type: 'boolean' },
    },
    run: ({ db, config, now }, { values }) =>
      runLdapCommand(db, values, now, createOutboundGuard(config.outbound)),
  }),
];

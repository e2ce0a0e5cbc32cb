import type { Kysely } from 'kysely';
import type { MessageKey } from '../../domain/i18n';
import { parseAccountIdentifier } from '../../domain/rules/account-identifier';
import { logMessage } from '../../domain/rules/operation-log-content';
import { type SsoSetting, ssoSettingSchema } from '../../domain/schemas/sso';
import type { AppConfig } from '../core/config';
import { ApiError } from '../core/errors';
import { CLI_OPERATOR } from '../core/operator';
import { translate, translateIfKnown } from '../core/translate';
import type { Database } from '../db/tables';
import { readRepositories, withTransaction } from '../repositories';
import { createOutboundGuard } from '../security/outbound-guard';
import { lazySecretBox, type SecretBox } from '../security/secret-box';
import { readSsoConfig, saveSsoSetting, setSsoEnabled, type SsoDeps } from '../services/sso-settings-service';
import { CommandError, defineCommand } from './command';

/** The options of `npm run cli -- org:sso`. */
export interface SsoCommandOptions {
  org?: string;
  'oidc-issuer'?: string;
  'client-id'?: string;
  'client-secret'?: string;
  scope?: string;
  'cas-url'?: string;
  'cas-version'?: string;
  map?: string;
  enable?: boolean;
  disable?: boolean;
}

const message = (key: MessageKey, params?: Record<string, string | number>) =>
  translate('en-US', key, params);

/** `externalId=sub,email=email` as the field mapping; an unknown field is refused. */
function mappingFrom(text: string | undefined): SsoSetting['mapping'] {
  const mapping = { externalId: '', email: '', mobile: '', name: '' };
  for (const pair of (text ?? '').split(',').filter((part) => part.trim() !== '')) {
    const [field, path] = pair.split('=').map((part) => part.trim());
    if (!(field in mapping) || !path)
      throw new CommandError(`--map: "${pair}" is not externalId|email|mobile|name=<path>`);
    mapping[field as keyof typeof mapping] = path;
  }
  return mapping;
}

/** The configuration the options describe, checked by the screen's schema. */
function settingFrom(options: SsoCommandOptions): SsoSetting {
  const cas = Boolean(options['cas-url']);
  const parsed = ssoSettingSchema.safeParse({
    type: cas ? 'cas' : 'oauth2',
    oidcIssuer: cas ? '' : (options['oidc-issuer'] ?? ''),
    clientId: options['client-id'] ?? '',
    clientSecret: options['client-secret'] ?? '',
    scope: options.scope ?? 'openid email profile',
    casUrl: options['cas-url'] ?? '',
    casVersion: options['cas-version'] ?? '3.0',
    mapping: mappingFrom(options.map),
  });
  if (!parsed.success) {
    throw new CommandError(
      parsed.error.issues
        .map((issue) => `--${issue.path.join('.') || 'setting'}: ${translateIfKnown('en-US', issue.message)}`)
        .join('\n'),
    );
  }
  return parsed.data;
}

/**
 * `org:sso`: applies an organisation's SSO configuration (an OIDC issuer, or a CAS server) with the
 * screen's checks (the outbound guard, discovery), and enables or disables it; `--enable` needs a successful
 * debug of the saved configuration (on the /sso/auth screen), as the screen does. Prints the callback
 * address to register at the identity provider and the members' sign-in address.
 */
export async function runSsoCommand(
  db: Kysely<Database>,
  config: Pick<AppConfig, 'outbound' | 'publicUrl'>,
  secrets: SecretBox,
  options: SsoCommandOptions,
  now: number,
): Promise<string[]> {
  const orgId = Number(options.org);
  if (!Number.isInteger(orgId) || orgId <= 0) throw new CommandError('--org <id> is required');
  const repos = readRepositories(db);
  if (!(await repos.organizations.findById(orgId)))
    throw new CommandError(`No organisation with id ${orgId}`);
  if (options.enable && options.disable) throw new CommandError('give --enable or --disable, not both');
  const configures = Boolean(options['oidc-issuer'] || options['cas-url']);
  if (!configures && !options.enable && !options.disable) {
    throw new CommandError('give --oidc-issuer ... or --cas-url ..., and/or --enable or --disable');
  }
  const deps: SsoDeps = { db, repos, secrets, outbound: createOutboundGuard(config.outbound) };
  const lines: string[] = [];
  try {
    if (configures) {
      await saveSsoSetting(deps, orgId, settingFrom(options), CLI_OPERATOR, now);
      lines.push(`organisation ${orgId}: single sign-on configuration applied (SSO is off until enabled)`);
    }
    if (options.enable || options.disable) {
      const result = await setSsoEnabled(deps, orgId, Boolean(options.enable), CLI_OPERATOR, null, now);
      lines.push(
        result.enabled
          ? `organisation ${orgId}: single sign-on enabled, ${result.endedSessions} sessions ended`
          : `organisation ${orgId}: single sign-on disabled`,
      );
    }
  } catch (error) {
    if (error instanceof ApiError) throw new CommandError(message(error.key, error.params));
    throw error;
  }
  const origin = config.publicUrl ? new URL(config.publicUrl).origin : '<portal address>';
  const shown = await readSsoConfig(deps, orgId, origin);
  lines.push(`callback address to register at the identity provider: ${shown.callbackUrl}`);
  lines.push(`sign-out return address to register at an OpenID provider: ${shown.logoutReturnUrl}`);
  lines.push(`sign-in address for members: ${shown.signInUrl}`);
  return lines;
}

/** `sso:break-glass`: one password sign-in for one administrator while SSO is enforced, logged. */
export async function runBreakGlassCommand(
  db: Kysely<Database>,
  options: { org?: string; account?: string },
  now: number,
): Promise<string[]> {
  const orgId = Number(options.org);
  if (!Number.isInteger(orgId) || orgId <= 0) throw new CommandError('--org <id> is required');
  if (!options.account) throw new CommandError('--account <email or mobile of an administrator> is required');
  const repos = readRepositories(db);
  if (!(await repos.sso.find(orgId))) throw new CommandError(message('errors.sso.notConfigured'));
  const admin = await repos.accounts.findByIdentifier(parseAccountIdentifier(options.account));
  if (!admin || Number(admin.org_id) !== orgId || admin.is_org_admin !== 1 || admin.status === 'removed') {
    throw new CommandError(`${options.account} is not an administrator of organisation ${orgId}`);
  }
  await withTransaction(db, async (tx) => {
    await tx.sso.setBreakGlass(orgId, Number(admin.id));
    await tx.operationLogs.insert({
      orgId,
      operatorId: CLI_OPERATOR.id,
      operatorName: CLI_OPERATOR.name,
      module: 'ssoAuth',
      content: logMessage('operationLog.content.ssoBreakGlassGranted', { account: options.account! }),
      now,
    });
  });
  return [`${options.account} may sign in once with a password while single sign-on is enforced`];
}

export const SSO_COMMANDS = [
  defineCommand({
    name: 'org:sso',
    usage: `  org:sso      --org <id> --oidc-issuer <url> --client-id <id> --client-secret <secret>
               [--scope "openid email profile"] [--map externalId=<path>,email=<path>,mobile=<path>,name=<path>]
               [--enable | --disable]
  org:sso      --org <id> --cas-url <url> [--cas-version 2.0|3.0] [--map ...] [--enable | --disable]
  org:sso      --org <id> --enable | --disable
                                              set an organisation's single sign-on (enabling needs a
                                              successful debug of the saved configuration on /sso/auth)`,
    options: {
      org: { type: 'string' },
      'oidc-issuer': { type: 'string' },
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      scope: { type: 'string' },
      'cas-url': { type: 'string' },
      'cas-version': { type: 'string' },
      map: { type: 'string' },
      enable: { type: 'boolean' },
      disable: { type: 'boolean' },
    },
    run: ({ db, config, now }, { values }) => runSsoCommand(db, config, lazySecretBox(config), values, now),
  }),
  defineCommand({
    name: 'sso:break-glass',
    usage: `  sso:break-glass --org <id> --account <admin email or mobile>
                                              let that administrator sign in once with a password while
                                              single sign-on is enforced`,
    options: { org: { type: 'string' }, account: { type: 'string' } },
    run: ({ db, now }, { values }) => runBreakGlassCommand(db, values, now),
  }),
];

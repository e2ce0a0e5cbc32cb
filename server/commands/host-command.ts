import type { Kysely } from 'kysely';
import type { MessageKey } from '../../domain/i18n';
import { HOST_PLATFORMS, type HostPlatform, PRODUCT_CODES } from '../../domain/constants';
import { translate, translateIfKnown } from '../core/translate';
import { parseAccountIdentifier } from '../../domain/rules/account-identifier';
import { type HostIntegration, hostIntegrationInputSchema } from '../../domain/schemas/host-integrations';
import type { Database } from '../db/tables';
import { ApiError } from '../core/errors';
import { readRepositories } from '../repositories';
import { authorizeOpenness } from '../services/organization-service';
import { lazySecretBox, type SecretBox } from '../security/secret-box';
import { CLI_OPERATOR } from '../core/operator';
import { issuePushKey, revokePushKeys } from '../services/message-push-service';
import { bindHostAccount, saveHostIntegration } from '../services/host-integrations-service';
import { HOST_NAMES, presentHostIntegration } from '../presenters/host-integration-presenter';
import { CommandError, defineCommand } from './command';

/** The options of `org:integration` and `account:bind`, as node:util parseArgs returns them. */
export interface HostCommandOptions {
  org?: string;
  platform?: string;
  'corp-id'?: string;
  'app-key'?: string;
  'app-secret'?: string;
  'agent-id'?: string;
  products?: string;
  disable?: boolean;
  enable?: boolean;
  show?: boolean;
  account?: string;
  'user-id'?: string;
  label?: string;
  grant?: boolean;
}

function message(key: MessageKey, params?: Record<string, string | number>): string {
  return translate('en-US', key, params);
}

function orgOf(options: HostCommandOptions): number {
  const orgId = Number(options.org);
  if (!Number.isInteger(orgId) || orgId <= 0) throw new CommandError('--org <id> is required');
  return orgId;
}

function platformOf(options: HostCommandOptions): HostPlatform {
  const platform = HOST_PLATFORMS.find((name) => name === options.platform);
  if (!platform) throw new CommandError(`--platform takes ${HOST_PLATFORMS.join(', ')}`);
  return platform;
}

/** An integration as lines for the operator (the secret masked). */
function show(orgId: number, integration: HostIntegration): string[] {
  return [
    `organisation ${orgId}: ${HOST_NAMES[integration.platform]} integration ${integration.enabled ? 'enabled' : 'disabled'}`,
    `corp/app id: ${integration.corpId}`,
    `app key: ${integration.appKey}`,
    `app secret: ${integration.appSecretMask || '(none)'}`,
    `agent id: ${integration.agentId || '(none)'}`,
    `products for push: ${integration.products.join(', ') || '(none)'}`,
  ];
}

/** Turns a refusal of the service into the operator's message. */
async function refusedAsCommandError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError) throw new CommandError(message(error.key, error.params));
    throw error;
  }
}

/**
 * `org:integration`: shows, sets, enables or disables an organisation's integration with a chat host, with
 * an operation-log row for every change. The secret is never printed. Returns the lines to print.
 */
export async function runIntegrationCommand(
  db: Kysely<Database>,
  secrets: SecretBox,
  options: HostCommandOptions,
  now: number,
): Promise<string[]> {
  const orgId = orgOf(options);
  const platform = platformOf(options);
  const repos = readRepositories(db);
  if (!(await repos.organizations.findById(orgId))) throw new Error(`No organisation with id ${orgId}`);
  const row = await repos.hostIntegrations.find(orgId, platform);
  const stored = row ? presentHostIntegration(row, secrets) : undefined;
  if (options.show) {
    return stored ? show(orgId, stored) : [`organisation ${orgId}: no ${HOST_NAMES[platform]} integration`];
  }
  if (!options['corp-id'] && !stored) {
    throw new CommandError(
      `organisation ${orgId} has no ${HOST_NAMES[platform]} integration yet: give --corp-id and the rest`,
    );
  }
  const products = options.products
    ?.split(',')
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
  const unknown = products?.find((code) => !(PRODUCT_CODES as readonly string[]).includes(code));
  if (unknown) throw new CommandError(`unknown product ${unknown}; products are ${PRODUCT_CODES.join(', ')}`);
  const parsed = hostIntegrationInputSchema.safeParse({
    platform,
    corpId: options['corp-id'] ?? stored?.corpId,
    appKey: options['app-key'] ?? (options['corp-id'] ? '' : stored?.appKey),
    appSecret: options['app-secret'] ?? '',
    agentId: options['agent-id'] ?? stored?.agentId ?? '',
    enabled: options.disable
      ? false
      : options.enable || options['corp-id']
        ? true
        : (stored?.enabled ?? true),
    products: products ?? stored?.products ?? [],
  });
  if (!parsed.success) {
    throw new CommandError(
      parsed.error.issues
        .map((issue) => `--${issue.path.join('.')}: ${translateIfKnown('en-US', issue.message)}`)
        .join('\n'),
    );
  }
  const saved = await refusedAsCommandError(() =>
    saveHostIntegration({ db, orgId, operator: CLI_OPERATOR, now }, secrets, parsed.data),
  );
  return show(orgId, saved);
}

/**
 * `account:bind`: binds a host user id (or WeChat openid) to an account of the organisation, named by its
 * mobile number or email, with an operation-log row. Returns the lines to print.
 */
export async function runBindCommand(
  db: Kysely<Database>,
  options: HostCommandOptions,
  now: number,
): Promise<string[]> {
  const orgId = orgOf(options);
  const platform = platformOf(options);
  const hostUserId = options['user-id']?.trim();
  if (!hostUserId) throw new CommandError('--user-id <host user id or openid> is required');
  if (!options.account) throw new CommandError('--account <mobile or email> is required');
  const repos = readRepositories(db);
  const account = await repos.accounts.findByIdentifier(parseAccountIdentifier(options.account));
  if (!account || Number(account.org_id) !== orgId) {
    throw new CommandError(`No account ${options.account.trim()} in organisation ${orgId}`);
  }
  const name = account.email ?? account.mobile ?? `#${account.id}`;
  await refusedAsCommandError(() =>
    bindHostAccount(db, orgId, platform, { id: Number(account.id), name }, hostUserId, CLI_OPERATOR, now),
  );
  return [`${HOST_NAMES[platform]} user ${hostUserId} signs in as ${name} in organisation ${orgId}`];
}

/**
 * `org:push-key`: creates a push key for an organisation's products to send notifications with (printed
 * this once; only its hash is kept), rotates them (the new one replaces the others) or revokes them all,
 * through the same service as the message-push screen. Returns the lines to print.
 */
export async function runPushKeyCommand(
  db: Kysely<Database>,
  options: HostCommandOptions & { revoke?: boolean; rotate?: boolean },
  now: number,
): Promise<string[]> {
  const orgId = orgOf(options);
  const repos = readRepositories(db);
  if (!(await repos.organizations.findById(orgId))) throw new Error(`No organisation with id ${orgId}`);
  if (options.revoke) {
    const revoked = await revokePushKeys(db, orgId, CLI_OPERATOR, now);
    return [`organisation ${orgId}: ${revoked} push key(s) revoked`];
  }
  const issued = await issuePushKey({ db, orgId, operator: CLI_OPERATOR, now }, options.label ?? '', {
    rotate: options.rotate === true,
  });
  return [
    `push key: ${issued.key}`,
    ...(options.rotate ? [`${issued.revoked} earlier push key(s) revoked`] : []),
    'It is shown this once. Products send with the header  Authorization: Bearer <key>  (POST /api/messagepush/send).',
  ];
}

/**
 * `org:openness`: shows, grants or withdraws an organisation's authorisation for open capability (SPEC §6),
 * with an operation-log row for a change. Returns the lines to print.
 */
export async function runOpennessCommand(
  db: Kysely<Database>,
  options: HostCommandOptions & { revoke?: boolean },
  now: number,
): Promise<string[]> {
  const orgId = orgOf(options);
  if (options.grant && options.revoke) throw new CommandError('give --grant or --revoke, not both');
  const wanted = options.grant ? true : options.revoke ? false : undefined;
  const authorised = await authorizeOpenness({ db, orgId, operator: CLI_OPERATOR, now }, wanted);
  if (authorised === null) throw new Error(`No organisation with id ${orgId}`);
  return [`organisation ${orgId}: open capability ${authorised ? 'authorised' : 'not authorised'}`];
}

const ORG = { org: { type: 'string' } } as const;
const PLATFORM = { platform: { type: 'string' } } as const;

export const HOST_COMMANDS = [
  defineCommand({
    name: 'org:integration',
    usage: `  org:integration --org <id> --platform dingtalk|feishu|wecom|wechat --corp-id <id>
               --app-key <key> --app-secret <secret> [--agent-id <id>] [--products ELN,PM] [--disable]
                                              set an organisation's chat-host integration (sign-in inside the
                                              host, message push); --app-key defaults to --corp-id, a missing
                                              --app-secret keeps the stored one
  org:integration --org <id> --platform <p> --show | --enable | --disable
                                              show it (secret masked), or switch the saved one on or off`,
    options: {
      ...ORG,
      ...PLATFORM,
      'corp-id': { type: 'string' },
      'app-key': { type: 'string' },
      'app-secret': { type: 'string' },
      'agent-id': { type: 'string' },
      products: { type: 'string' },
      disable: { type: 'boolean' },
      enable: { type: 'boolean' },
      show: { type: 'boolean' },
    },
    run: ({ db, config, now }, { values }) => runIntegrationCommand(db, lazySecretBox(config), values, now),
  }),
  defineCommand({
    name: 'account:bind',
    usage: `  account:bind --org <id> --platform <p> --account <mobile or email> --user-id <host user id or openid>
                                              bind a host identity to an account: its sign-in there is silent`,
    options: { ...ORG, ...PLATFORM, account: { type: 'string' }, 'user-id': { type: 'string' } },
    run: ({ db, now }, { values }) => runBindCommand(db, values, now),
  }),
  defineCommand({
    name: 'org:push-key',
    usage: `  org:push-key --org <id> [--label <text>] [--rotate]
                                              create a push key for the organisation's products (shown once);
                                              --rotate revokes the earlier ones in the same change
  org:push-key --org <id> --revoke            revoke every push key of the organisation`,
    options: { ...ORG, label: { type: 'string' }, rotate: { type: 'boolean' }, revoke: { type: 'boolean' } },
    run: ({ db, now }, { values }) => runPushKeyCommand(db, values, now),
  }),
  defineCommand({
    name: 'org:openness',
    usage: `  org:openness --org <id> [--grant | --revoke]
                                              show, grant or withdraw the organisation's authorisation for
                                              open capability (message push and the other Openness screens)`,
    options: { ...ORG, grant: { type: 'boolean' }, revoke: { type: 'boolean' } },
    run: ({ db, now }, { values }) => runOpennessCommand(db, values, now),
  }),
];

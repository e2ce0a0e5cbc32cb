import type { Kysely } from 'kysely';
import { appCredentialInputSchema } from '../../domain/schemas/app-credential';
import { OPEN_DELAY_MAX_HOURS, openDelaySchema } from '../../domain/schemas/interface-monitor';
import { translate } from '../core/translate';
import { ApiError } from '../core/errors';
import { CLI_OPERATOR } from '../core/operator';
import type { Database } from '../db/tables';
import { readRepositories } from '../repositories';
import { createAppCredential, regenerateAppSecret, TOKEN_PATH } from '../services/app-credential-service';
import { getOpenDelay, setOpenDelay } from '../services/open-delay-service';
import { CommandError, defineCommand } from './command';

/** The options of `org:app-credential`, as node:util parseArgs returns them. */
export interface AppCredentialCommandOptions {
  org?: string;
  name?: string;
  regenerate?: boolean;
}

function orgOf(options: { org?: string }): number {
  const orgId = Number(options.org);
  if (!Number.isInteger(orgId) || orgId <= 0) throw new CommandError('--org <id> is required');
  return orgId;
}

/** Turns a refusal of the service into the operator's message. */
async function refusedAsCommandError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError) throw new CommandError(translate('en-US', error.key, error.params));
    throw error;
  }
}

/**
 * `org:app-credential`: prints the organisation's app key, creating the credential on first use; the
 * secret is printed only when it is new (created or `--regenerate`d: the old one and its tokens end at
 * once). The same services as the appCredential screen, with their operation-log rows.
 */
export async function runAppCredentialCommand(
  db: Kysely<Database>,
  options: AppCredentialCommandOptions,
  now: number,
): Promise<string[]> {
  const orgId = orgOf(options);
  const repos = readRepositories(db);
  if (!(await repos.organizations.findById(orgId)))
    throw new CommandError(`No organisation with id ${orgId}`);
  const existing = await repos.appCredentials.findByOrg(orgId);
  if (existing && !options.regenerate) {
    return [
      `organisation ${orgId}: app credential "${existing.name}"`,
      `app key: ${existing.app_key}`,
      `app secret: ${existing.secret_mask} (shown once when issued; --regenerate for a new one)`,
    ];
  }
  const issued = await refusedAsCommandError(async () => {
    if (existing) return regenerateAppSecret({ db, orgId, operator: CLI_OPERATOR, now }, existing.id);
    const parsed = appCredentialInputSchema.safeParse({ name: options.name ?? 'Open API' });
    if (!parsed.success) throw new CommandError('--name must be 1 to 100 characters, not only spaces');
    return createAppCredential({ db, orgId, operator: CLI_OPERATOR, now }, parsed.data.name);
  });
  const opened = await repos.organizations.opennessAuthorized(orgId);
  return [
    `organisation ${orgId}: app credential "${issued.name}" ${existing ? 'has a new secret' : 'created'}`,
    `app key: ${issued.appKey}`,
    `app secret: ${issued.appSecret}`,
    'The secret is shown this once: store it now.',
    ...(existing ? [`access tokens ended: ${issued.revokedTokens}`] : []),
    `Exchange them for an access token at POST ${TOKEN_PATH}.`,
    ...(opened
      ? []
      : [`Open capability is not authorised yet: npm run cli -- org:openness --org ${orgId} --grant`]),
  ];
}

/**
 * `org:open-delay`: shows or sets the hours an organisation's open-API data calls wait before they take
 * effect (0: at once), with an operation-log row for a change.
 */
export async function runOpenDelayCommand(
  db: Kysely<Database>,
  options: { org?: string; hours?: string },
  now: number,
): Promise<string[]> {
  const orgId = orgOf(options);
  const repos = readRepositories(db);
  if (!(await repos.organizations.findById(orgId)))
    throw new CommandError(`No organisation with id ${orgId}`);
  if (options.hours === undefined) {
    const { hours } = await getOpenDelay({ db, orgId, now });
    return [`organisation ${orgId}: open calls take effect after ${hours} hour(s)`];
  }
  const parsed = openDelaySchema.safeParse({ hours: options.hours });
  if (!/^\d+$/.test(options.hours) || !parsed.success)
    throw new CommandError(`--hours takes a whole number from 0 to ${OPEN_DELAY_MAX_HOURS}`);
  const { hours } = await setOpenDelay({ db, orgId, operator: CLI_OPERATOR, now }, parsed.data.hours);
  return [
    `organisation ${orgId}: open calls take effect after ${hours} hour(s)${hours === 0 ? ' (at once)' : ''}`,
  ];
}

export const OPEN_COMMANDS = [
  defineCommand({
    name: 'org:app-credential',
    usage: `  org:app-credential --org <id> [--name <text>] [--regenerate]
                                              print the organisation's open-API app key, creating it on first
                                              use; the secret is printed once, when new (--regenerate ends
                                              the old secret and its access tokens at once)`,
    options: { org: { type: 'string' }, name: { type: 'string' }, regenerate: { type: 'boolean' } },
    run: ({ db, now }, { values }) => runAppCredentialCommand(db, values, now),
  }),
  defineCommand({
    name: 'org:open-delay',
    usage: `  org:open-delay --org <id> [--hours <n>]
                                              show or set the hours the organisation's open-API data calls
                                              wait (queued, withdrawable) before they take effect; 0: at once`,
    options: { org: { type: 'string' }, hours: { type: 'string' } },
    run: ({ db, now }, { values }) => runOpenDelayCommand(db, values, now),
  }),
];

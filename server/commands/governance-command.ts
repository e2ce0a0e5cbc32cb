import type { Kysely } from 'kysely';
import { translate } from '../core/translate';
import { parseAccountIdentifier } from '../../domain/rules/account-identifier';
import { whitelistLines } from '../../domain/rules/ip-whitelist';
import type { Database } from '../db/tables';
import { ApiError } from '../core/errors';
import { readRepositories } from '../repositories';
import { CLI_OPERATOR } from '../core/operator';
import { changeUnrestricted, saveIpWhitelist } from '../services/ip-whitelist-service';
import { CommandError, defineCommand, unchanged } from './command';

/** The options of `org:ip-whitelist`, as node:util parseArgs returns them. */
export interface GovernanceCommandOptions {
  org?: string;
  switch?: string;
  ips?: string;
  'unrestricted-add'?: string;
  'unrestricted-remove'?: string;
}

const names = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * Runs `org:ip-whitelist`: each change through the same service as the screen (same checks, the
 * operation-log row by operator-cli), then the state in force. Operators have no address of their own
 * here, so no confirmation is asked for. Returns the lines to print.
 */
export async function runGovernanceCommand(
  db: Kysely<Database>,
  options: GovernanceCommandOptions,
  now: number,
): Promise<string[]> {
  const orgId = Number(options.org);
  if (!options.org || !Number.isInteger(orgId) || orgId <= 0) {
    throw new CommandError('--org must be an organisation id');
  }
  const repos = readRepositories(db);
  if (!(await repos.organizations.findById(orgId)))
    throw new CommandError(`No organisation with id ${orgId}`);
  const accountIds = async (list: string | undefined) => {
    const ids: number[] = [];
    for (const name of names(list)) {
      const account = await repos.accounts.findByIdentifier(parseAccountIdentifier(name));
      if (!account || account.org_id !== orgId) {
        throw new CommandError(`${name} is not a member of organisation ${orgId}`);
      }
      ids.push(account.id);
    }
    return ids;
  };
  if (options.switch !== undefined && options.switch !== 'on' && options.switch !== 'off') {
    throw new CommandError('--switch takes on or off');
  }
  try {
    if (options.switch !== undefined || options.ips !== undefined) {
      await saveIpWhitelist(
        { db, orgId, operator: CLI_OPERATOR, now },
        {
          enabled: options.switch === undefined ? undefined : options.switch === 'on',
          text: options.ips === undefined ? undefined : options.ips.split(/[,\n]/).join('\n'),
        },
        { currentIp: null, confirmed: true },
      );
    }
    const add = await accountIds(options['unrestricted-add']);
    if (add.length > 0)
      await changeUnrestricted({ db, orgId, operator: CLI_OPERATOR, now }, { add: true, accountIds: add });
    const remove = await accountIds(options['unrestricted-remove']);
    if (remove.length > 0) {
      await changeUnrestricted(
        { db, orgId, operator: CLI_OPERATOR, now },
        { add: false, accountIds: remove },
      );
    }
  } catch (error) {
    if (error instanceof ApiError) {
      throw unchanged(translate('en-US', error.key, error.params));
    }
    throw error;
  }
  const stored = await repos.ipWhitelist.find(orgId);
  const free = await repos.ipWhitelist.pageUnrestricted(orgId, { pageIndex: 1, pageSize: 100 });
  const lines = whitelistLines(stored.lines);
  return [
    `IP whitelist of organisation ${orgId}: ${stored.enabled ? 'on' : 'off'}`,
    ...(lines.length > 0 ? lines.map((line) => `  ${line}`) : ['  (no addresses)']),
    `unrestricted members (${free.total}): ${free.rows.map((row) => row.realName).join(', ') || 'none'}`,
  ];
}

export const GOVERNANCE_COMMANDS = [
  defineCommand({
    name: 'org:ip-whitelist',
    usage: `  org:ip-whitelist --org <id> [--switch on|off] [--ips "<address or CIDR>,<...>"]
               [--unrestricted-add <mobile or email,...>] [--unrestricted-remove <mobile or email,...>]
                                              show or change the IP whitelist and its unrestricted members
                                              (--ips "" empties the list; administrators are always exempt)`,
    options: {
      org: { type: 'string' },
      switch: { type: 'string' },
      ips: { type: 'string' },
      'unrestricted-add': { type: 'string' },
      'unrestricted-remove': { type: 'string' },
    },
    run: ({ db, now }, { values }) => runGovernanceCommand(db, values, now),
  }),
];

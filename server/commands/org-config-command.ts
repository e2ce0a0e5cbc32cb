import type { Kysely } from 'kysely';
import { ORG_CONFIG_DEFINITIONS, orgConfigKeyOf, type OrgConfigValue } from '../../domain/rules/org-config';
import { translate } from '../core/translate';
import type { Database } from '../db/tables';
import { ApiError } from '../core/errors';
import { CLI_OPERATOR } from '../core/operator';
import { type DeploymentModules, listOrgConfig, saveOrgConfig } from '../services/org-config-service';
import { defineCommand, existingOrganization, unchanged } from './command';

/** The options of `org:config`, as node:util parseArgs returns them. */
export interface OrgConfigCommandOptions {
  org?: string;
  /** One `key=value`, or several separated by commas. */
  set?: string;
  list?: boolean;
}

/** A value as typed on the command line, as its key takes it: on/off for switches, digits for numbers. */
function valueOf(text: string, type: 'boolean' | 'integer' | 'option'): unknown {
  if (type === 'boolean')
    return { on: true, true: true, off: false, false: false }[text.toLowerCase()] ?? text;
  if (type === 'integer') return /^-?\d+$/.test(text.trim()) ? Number(text) : text;
  return text;
}

function describe(value: OrgConfigValue): string {
  return value === true ? 'on' : value === false ? 'off' : String(value);
}

/**
 * Runs `org:config`: each `--set key=value` is checked by the same catalogue and service as the General tab
 * (all or nothing, under the deployment's module switches, one operation-log row by operator-cli), then
 * the organisation's settings are printed (`--list`, or after a change).
 */
export async function runOrgConfigCommand(
  db: Kysely<Database>,
  deployment: DeploymentModules,
  options: OrgConfigCommandOptions,
  now: number,
): Promise<string[]> {
  const orgId = await existingOrganization(db, options.org);
  const values: Record<string, unknown> = {};
  const assignments = (options.set ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const assignment of assignments) {
    const at = assignment.indexOf('=');
    if (at <= 0) throw unchanged(`--set takes <key>=<value>, not ${assignment}`);
    const name = assignment.slice(0, at).trim();
    const key = orgConfigKeyOf(name);
    if (!key) throw unchanged(`--set ${name}: ${translate('en-US', 'errors.orgConfig.unknownKey')}`);
    values[key] = valueOf(assignment.slice(at + 1).trim(), ORG_CONFIG_DEFINITIONS[key].type);
  }
  if (Object.keys(values).length > 0) {
    try {
      await saveOrgConfig({ db, orgId, operator: CLI_OPERATOR, now }, { deployment, values, category: null });
    } catch (error) {
      if (error instanceof ApiError) {
        const field = typeof error.params?.field === 'string' ? `--set ${error.params.field}: ` : '';
        throw unchanged(`${field}${translate('en-US', error.key, error.params)}`);
      }
      throw error;
    }
  }
  const items = await listOrgConfig(db, deployment, orgId, null);
  return [
    `configuration of organisation ${orgId}:`,
    ...items.map(
      (item) =>
        `  ${item.Category}.${item.ConfigValueID} ${describe(item.Value)}` +
        (item.Available ? '' : ' (switched off for the deployment)') +
        (item.UpdatedAt === null ? ' (default)' : ''),
    ),
  ];
}

export const ORG_CONFIG_COMMANDS = [
  defineCommand({
    name: 'org:config',
    usage: `  org:config --org <id> [--set <key>=<value>[,<key>=<value>...]] [--list]
                                              show or change the organisation's configuration (System
                                              settings > General): reset=on|off, appDownload=on|off,
                                              signInVerification=off|new-device|always, lockIdleMinutes=0-480`,
    options: { org: { type: 'string' }, set: { type: 'string' }, list: { type: 'boolean' } },
    run: ({ db, config, now }, { values }) => runOrgConfigCommand(db, config.modules, values, now),
  }),
];

import type { SecondaryVerificationMode } from '../../domain/constants';
import {
  effectiveModules,
  keysOfCategory,
  ORG_CONFIG_DEFINITIONS,
  ORG_CONFIG_KEYS,
  type OrgConfigCategory,
  type OrgConfigKey,
  type OrgConfigValue,
  type OrgModules,
  orgConfigKeyOf,
} from '../../domain/rules/org-config';
import {
  checkOrgConfigValue,
  type OrgConfigItem,
  type OrgSessionSettings,
} from '../../domain/schemas/org-config';
import { ApiError } from '../core/errors';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { readRepositories, type Repositories, withTransaction } from '../repositories';
import type { OrgChangeContext } from './service-context';
import {
  type LogParam,
  logLabel,
  logList,
  logMessage,
  logSwitch,
} from '../../domain/rules/operation-log-content';

/** The module switches of the deployment: the ceiling of every organisation's (AppConfig.modules). */
export type DeploymentModules = OrgModules;

/** One setting as the organisation has it: its value and when it was saved (null: the default). */
interface OrgConfigEntry {
  value: OrgConfigValue;
  updatedAt: number | null;
}

/** The key a module switch is, for the ceiling check. */
const MODULE_KEYS: ReadonlySet<OrgConfigKey> = new Set<OrgConfigKey>(['reset', 'appDownload']);

/**
 * Every setting of an organisation: what it saved (a value the catalogue no longer accepts counts as never
 * saved), the security verification mode from its own store, and the defaults for the rest.
 */
export async function readOrgConfig(
  repos: Repositories,
  orgId: number,
): Promise<Record<OrgConfigKey, OrgConfigEntry>> {
  const [saved, verification] = await Promise.all([
    repos.orgConfig.list(orgId),
    repos.secondaryVerification.findMode(orgId),
  ]);
  const entries = Object.fromEntries(
    ORG_CONFIG_KEYS.map((key) => [key, { value: ORG_CONFIG_DEFINITIONS[key].default, updatedAt: null }]),
  ) as Record<OrgConfigKey, OrgConfigEntry>;
  for (const row of saved) {
    const key = orgConfigKeyOf(row.key);
    if (!key) continue;
    const checked = checkOrgConfigValue(key, row.value);
    if ('value' in checked) entries[key] = { value: checked.value, updatedAt: row.updatedAt };
  }
  entries.signInVerification = { value: verification.mode, updatedAt: verification.updatedAt };
  return entries;
}

/** Whether the deployment lets an organisation have this setting on (only module switches can be off). */
function availableIn(key: OrgConfigKey, deployment: DeploymentModules): boolean {
  if (key === 'reset') return deployment.reset;
  if (key === 'appDownload') return deployment.appDownload;
  return true;
}

/** A setting as the General tab shows it. */
function presentItem(key: OrgConfigKey, entry: OrgConfigEntry, deployment: DeploymentModules): OrgConfigItem {
  const definition: (typeof ORG_CONFIG_DEFINITIONS)[OrgConfigKey] = ORG_CONFIG_DEFINITIONS[key];
  return {
    ConfigValueID: key,
    Category: definition.category,
    Type: definition.type,
    Value: entry.value,
    Default: definition.default,
    ...(definition.type === 'integer' ? { Min: definition.min, Max: definition.max } : {}),
    ...(definition.type === 'option' ? { Options: [...definition.options] } : {}),
    Available: availableIn(key, deployment),
    UpdatedAt: entry.updatedAt,
  };
}

/** The organisation's settings of one category (or all), in catalogue order. */
export async function listOrgConfig(
  db: Kysely<Database>,
  deployment: DeploymentModules,
  orgId: number,
  category: OrgConfigCategory | null,
): Promise<OrgConfigItem[]> {
  const entries = await readOrgConfig(readRepositories(db), orgId);
  const keys = category ? keysOfCategory(category) : ORG_CONFIG_KEYS;
  return keys.map((key) => presentItem(key, entries[key], deployment));
}

/** How the operation log words a value. */
function describeValue(key: OrgConfigKey, value: OrgConfigValue): LogParam {
  if (typeof value === 'boolean') return logSwitch(value);
  if (key === 'signInVerification') {
    return logLabel(`orgConfig.options.signInVerification.${value as SecondaryVerificationMode}`);
  }
  if (key === 'lockIdleMinutes') return logMessage('operationLog.words.minutes', { value });
  return String(value);
}

/**
 * Saves some of an organisation's settings together (the General tab saves one category, PUT one key, the
 * operator's CLI any): every key must be known (and of `category` when one is given) and every value of its
 * key's type and bounds, or nothing is saved. A module the deployment has off cannot be switched on. The
 * changed values and one operation-log row naming them land in one transaction; an unchanged save writes
 * nothing. Answers the settings saved, as the screen shows them.
 */
export async function saveOrgConfig(
  context: OrgChangeContext,
  request: {
    deployment: DeploymentModules;
    values: Record<string, unknown>;
    category: OrgConfigCategory | null;
  },
): Promise<OrgConfigItem[]> {
  const { orgId, operator, now } = context;
  const { deployment, category } = request;
  const wanted: [OrgConfigKey, OrgConfigValue][] = [];
  for (const [name, raw] of Object.entries(request.values)) {
    const key = orgConfigKeyOf(name);
    if (!key || (category && ORG_CONFIG_DEFINITIONS[key].category !== category)) {
      throw new ApiError(400, 'errors.orgConfig.unknownKey', { field: name.slice(0, 64) });
    }
    const checked = checkOrgConfigValue(key, raw);
    if ('problem' in checked) throw new ApiError(400, checked.problem.key, checked.problem.params);
    wanted.push([key, checked.value]);
  }
  return withTransaction(context.db, async (repos) => {
    if (!(await repos.organizations.findById(orgId))) throw new ApiError(404, 'errors.request.notFound');
    const entries = await readOrgConfig(repos, orgId);
    const changed = wanted.filter(([key, value]) => entries[key].value !== value);
    for (const [key, value] of changed) {
      if (MODULE_KEYS.has(key) && value === true && !availableIn(key, deployment)) {
        throw new ApiError(400, 'errors.orgConfig.deploymentOff', { field: key });
      }
    }
    for (const [key, value] of changed) {
      if (key === 'signInVerification') {
        await repos.secondaryVerification.saveMode(orgId, value as SecondaryVerificationMode, now);
      } else {
        await repos.orgConfig.save(orgId, key, value, now);
      }
      entries[key] = { value, updatedAt: now };
    }
    if (changed.length > 0) {
      await repos.operationLogs.insert({
        orgId,
        operatorId: operator.id,
        operatorName: operator.name,
        module: 'systemSetting',
        content: logMessage('operationLog.content.orgConfigSet', {
          changes: logList(
            changed.map(([key, value]) =>
              logMessage('operationLog.content.orgConfigChange', {
                setting: logLabel(`orgConfig.keys.${key}`),
                value: describeValue(key, value),
              }),
            ),
          ),
        }),
        now,
      });
    }
    const keys = category ? keysOfCategory(category) : wanted.map(([key]) => key);
    return keys.map((key) => presentItem(key, entries[key], deployment));
  });
}

/** The values of a category in force for the organisation's members: module switches under the deployment's. */
export async function effectiveOrgConfig(
  db: Kysely<Database>,
  deployment: DeploymentModules,
  orgId: number,
  category: OrgConfigCategory,
): Promise<Record<string, OrgConfigValue>> {
  const entries = await readOrgConfig(readRepositories(db), orgId);
  return Object.fromEntries(
    keysOfCategory(category).map((key) => [
      key,
      MODULE_KEYS.has(key) ? entries[key].value === true && availableIn(key, deployment) : entries[key].value,
    ]),
  );
}

/** What the session info tells the client of its organisation: the module switches in force, the screen lock. */
export async function orgSessionSettings(
  repos: Repositories,
  deployment: DeploymentModules,
  orgId: number,
): Promise<OrgSessionSettings> {
  const saved = await repos.orgConfig.list(orgId);
  const value = (key: OrgConfigKey): OrgConfigValue => {
    const row = saved.find((candidate) => candidate.key === key);
    const checked = row ? checkOrgConfigValue(key, row.value) : null;
    return checked && 'value' in checked ? checked.value : ORG_CONFIG_DEFINITIONS[key].default;
  };
  return {
    modules: effectiveModules(deployment, {
      reset: value('reset') === true,
      appDownload: value('appDownload') === true,
    }),
    lockIdleMinutes: Number(value('lockIdleMinutes')),
  };
}

/** orgSessionSettings read now: what a route tells a session it has just started or changed. */
export function orgSessionSettingsOf(
  db: Kysely<Database>,
  deployment: DeploymentModules,
  orgId: number,
): Promise<OrgSessionSettings> {
  return orgSessionSettings(readRepositories(db), deployment, orgId);
}

/** Whether an organisation lets its members reset their own password with a code (modules.reset). */
export async function orgAllowsSelfReset(repos: Repositories, orgId: number): Promise<boolean> {
  const saved = await repos.orgConfig.list(orgId);
  const row = saved.find((candidate) => candidate.key === 'reset');
  return row?.value !== false;
}

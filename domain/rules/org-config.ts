import { SECONDARY_VERIFICATION_MODES } from '../constants';

/**
 * The organisation configuration catalogue (SPEC §7 Settings: organizationConfig, configurations,
 * SystemDictionary): every setting an organisation's administrator may change on System settings >
 * General, grouped by category. Each key is read by the product somewhere, and nothing else is offered:
 *
 * - `modules.reset`: self-service password reset for the organisation's members (the reset wizard sends
 *   them no code when off; they ask their administrator instead).
 * - `modules.appDownload`: the app-download links and pages for signed-in members.
 * - `security.signInVerification`: the security verification at sign-in. It is the setting
 *   organizationConfig/secondaryVerification has always kept, shown here too (one store, not a copy; a
 *   key of that name would clash with that endpoint's path).
 * - `session.lockIdleMinutes`: minutes without activity before the screen locks (/lock), 0 for none of its
 *   own; the shorter of it and the deployment's SCREEN_LOCK_IDLE_MINUTES applies.
 *
 * A module switch of the deployment (MODULE_RESET, MODULE_APP_DOWNLOAD) is the ceiling: an organisation
 * can turn a module off for its members, never on where the deployment turned it off. Registration is
 * for prospects, who belong to no organisation yet, so it stays a deployment switch only.
 */
export const ORG_CONFIG_CATEGORIES = ['modules', 'security', 'session'] as const;
export type OrgConfigCategory = (typeof ORG_CONFIG_CATEGORIES)[number];

/** The longest screen lock an organisation may choose (8 hours), in minutes. */
export const LOCK_IDLE_MINUTES_MAX = 480;

/** A setting's kind, its default and (for numbers) bounds or (for options) its choices. */
export type OrgConfigDefinition =
  | { category: OrgConfigCategory; type: 'boolean'; default: boolean }
  | { category: OrgConfigCategory; type: 'integer'; default: number; min: number; max: number }
  | { category: OrgConfigCategory; type: 'option'; default: string; options: readonly string[] };

/** Every setting by its key (the ConfigValueID of the API), in the order the screen shows them. */
export const ORG_CONFIG_DEFINITIONS = {
  reset: { category: 'modules', type: 'boolean', default: true },
  appDownload: { category: 'modules', type: 'boolean', default: true },
  signInVerification: {
    category: 'security',
    type: 'option',
    default: 'off',
    options: SECONDARY_VERIFICATION_MODES,
  },
  lockIdleMinutes: { category: 'session', type: 'integer', default: 0, min: 0, max: LOCK_IDLE_MINUTES_MAX },
} as const satisfies Record<string, OrgConfigDefinition>;

export type OrgConfigKey = keyof typeof ORG_CONFIG_DEFINITIONS;
/** A setting's value: a switch, a whole number or one of its options. */
export type OrgConfigValue = boolean | number | string;

/** Every key, in catalogue order. */
export const ORG_CONFIG_KEYS = Object.keys(ORG_CONFIG_DEFINITIONS) as OrgConfigKey[];

/** The keys of one category, in catalogue order. */
export function keysOfCategory(category: OrgConfigCategory): OrgConfigKey[] {
  return ORG_CONFIG_KEYS.filter((key) => ORG_CONFIG_DEFINITIONS[key].category === category);
}

/** The key a name stands for (exact, then ignoring case as the API paths do), or null when unknown. */
export function orgConfigKeyOf(name: string): OrgConfigKey | null {
  const lower = name.toLowerCase();
  return (
    ORG_CONFIG_KEYS.find((key) => key === name) ??
    ORG_CONFIG_KEYS.find((key) => key.toLowerCase() === lower) ??
    null
  );
}

/** The category a name stands for (ignoring case), or null when unknown. */
export function orgConfigCategoryOf(name: string): OrgConfigCategory | null {
  const lower = name.toLowerCase();
  return ORG_CONFIG_CATEGORIES.find((category) => category === lower) ?? null;
}

/** The module switches the deployment and the organisation agree on. */
export interface OrgModules {
  reset: boolean;
  appDownload: boolean;
}

/**
 * The module switches in force for an organisation's members: on only when the deployment has the module
 * on and the organisation has not turned it off.
 */
export function effectiveModules(deployment: OrgModules, organisation: OrgModules): OrgModules {
  return {
    reset: deployment.reset && organisation.reset,
    appDownload: deployment.appDownload && organisation.appDownload,
  };
}

/**
 * The screen lock's idle minutes in force (0: never): the deployment's (SCREEN_LOCK_IDLE_MINUTES) and the
 * organisation's (session.lockIdleMinutes) each lock when set, so the shorter of the two wins; an
 * organisation can make the lock stricter than the deployment's, never looser.
 */
export function effectiveLockIdleMinutes(deployment: number, organisation: number): number {
  const set = [deployment, organisation].filter((minutes) => minutes > 0);
  return set.length > 0 ? Math.min(...set) : 0;
}

/** The values an organisation that never saved a setting has. */
export function defaultOrgConfig(): Record<OrgConfigKey, OrgConfigValue> {
  return Object.fromEntries(
    ORG_CONFIG_KEYS.map((key) => [key, ORG_CONFIG_DEFINITIONS[key].default]),
  ) as Record<OrgConfigKey, OrgConfigValue>;
}

import { PRODUCT_CODES } from '../../domain/constants';
import { ACCOUNT_COMMANDS } from './account-command';
import { AUTHORISATION_COMMANDS } from './authorisation-command';
import type { Command } from './command';
import { ESIGN_COMMANDS } from './esign-command';
import { FOOTER_COMMANDS } from './footer-command';
import { GOVERNANCE_COMMANDS } from './governance-command';
import { HOST_COMMANDS } from './host-command';
import { LABEL_TEMPLATE_COMMANDS } from './label-template-command';
import { LDAP_COMMANDS } from './ldap-command';
import { MEMBER_COMMANDS } from './member-command';
import { HANDOVER_COMMANDS } from './member-handover-command';
import { MEMBER_IMPORT_COMMANDS } from './member-import-command';
import { MONOMER_COMMANDS } from './monomer-command';
import { NOTICE_COMMANDS } from './notice-command';
import { OPERATIONS_COMMANDS } from './operations-command';
import { OPEN_COMMANDS } from './open-command';
import { ORG_CONFIG_COMMANDS } from './org-config-command';
import { ORGANIZATION_COMMANDS } from './organization-command';
import { PROVISIONING_COMMANDS } from './provisioning-command';
import { SECURITY_COMMANDS } from './security-command';
import { SSO_COMMANDS } from './sso-command';
import { TRIAL_COMMANDS } from './trial-command';
import { WATERMARK_COMMANDS } from './watermark-command';

/** Every operator command, in the order the usage lists them. */
export const COMMANDS: readonly Command[] = [
  ...PROVISIONING_COMMANDS,
  ...ORGANIZATION_COMMANDS,
  ...LDAP_COMMANDS,
  ...HOST_COMMANDS,
  ...OPEN_COMMANDS,
  ...MEMBER_COMMANDS,
  ...MEMBER_IMPORT_COMMANDS,
  ...GOVERNANCE_COMMANDS,
  ...WATERMARK_COMMANDS,
  ...ESIGN_COMMANDS,
  ...AUTHORISATION_COMMANDS,
  ...TRIAL_COMMANDS,
  ...NOTICE_COMMANDS,
  ...SECURITY_COMMANDS,
  ...ORG_CONFIG_COMMANDS,
  ...HANDOVER_COMMANDS,
  ...ACCOUNT_COMMANDS,
  ...OPERATIONS_COMMANDS,
  ...FOOTER_COMMANDS,
  ...SSO_COMMANDS,
  ...MONOMER_COMMANDS,
  ...LABEL_TEMPLATE_COMMANDS,
];

const BY_NAME = new Map(COMMANDS.map((command) => [command.name, command]));

export function findCommand(name: string): Command | undefined {
  return BY_NAME.get(name);
}

const FOOTER = `Product codes: ${PRODUCT_CODES.join(', ')}. The database is the one the server uses (DATABASE_URL or DATA_DIR).`;

/** Every command's usage, for `npm run cli -- help`. */
export function fullUsage(): string {
  return [
    'Operator commands (npm run cli -- <command> [options]; <command> --help for one):',
    '',
    ...COMMANDS.map((command) => command.usage),
    '',
    FOOTER,
  ].join('\n');
}

/** One command's usage, for `<command> --help` and after a wrong command line. */
export function commandUsage(command: Command): string {
  return [
    `Usage (npm run cli -- ${command.name} ...):`,
    '',
    command.usage,
    '',
    'Operator commands are all listed by npm run cli -- help.',
  ].join('\n');
}

/** Edits (insert, delete, replace, swap two neighbours) between two words. */
function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
      }
    }
  }
  return rows[a.length][b.length];
}

const groupOf = (name: string) => (name.includes(':') ? name.slice(0, name.indexOf(':')) : name);

/**
 * The names an operator most likely meant by `typed`: the nearest by spelling (a few edits at most), else
 * those of the group it names, give or take a letter (`org:` for `orgs` or `org:foo`).
 */
export function closestNames(typed: string, names: readonly string[]): string[] {
  const word = typed.toLowerCase();
  const limit = Math.max(2, Math.floor(word.length / 4));
  const scored = names
    .map((name) => ({ name, edits: distance(word, name) }))
    .filter(({ edits }) => edits <= limit);
  if (scored.length > 0) {
    const best = Math.min(...scored.map(({ edits }) => edits));
    return scored.filter(({ edits }) => edits === best).map(({ name }) => name);
  }
  const group = groupOf(word);
  return names.filter((name) => name.includes(':') && distance(group, groupOf(name)) <= 1);
}

/** `; did you mean ...?` for the names closestNames found, or nothing. */
export function didYouMean(near: readonly string[]): string {
  if (near.length === 0) return '';
  if (near.length <= 6) return `; did you mean ${near.join(' or ')}?`;
  return `; did you mean one of the ${groupOf(near[0])}: commands?`;
}

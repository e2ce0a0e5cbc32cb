import type { Kysely } from 'kysely';
import { ESIGN_STRENGTHS, type EsignOrgSettings } from '../../domain/rules/esign';
import type { Database } from '../db/tables';
import { ApiError } from '../core/errors';
import { readRepositories } from '../repositories';
import { CLI_OPERATOR } from '../core/operator';
import { saveEsignSettings } from '../services/esign-service';
import { defineCommand, existingOrganization, unchanged } from './command';

/** The options of `esign:settings`, as node:util parseArgs returns them (org, switch, min-length shared). */
export interface EsignCommandOptions {
  org?: string;
  switch?: string;
  strength?: string;
  'min-length'?: string;
  'same-as-login'?: string;
}

const onOff = (value: string | undefined, name: string): boolean | undefined => {
  if (value === undefined) return undefined;
  if (value !== 'on' && value !== 'off') throw unchanged(`--${name} takes on or off`);
  return value === 'on';
};

/**
 * Runs `esign:settings`: the settings given replace those in force (the others stay), checked by the same
 * service as the screen (operation-log row by operator-cli), then prints the settings in force. Without a
 * setting to change it only shows them and logs nothing.
 */
export async function runEsignCommand(
  db: Kysely<Database>,
  options: EsignCommandOptions,
  now: number,
): Promise<string[]> {
  const orgId = await existingOrganization(db, options.org);
  const repos = readRepositories(db);
  const current = await repos.esign.findSettings(orgId);
  const strengthText = options.strength;
  const strength = ESIGN_STRENGTHS.find((known) => known === strengthText);
  if (strengthText !== undefined && !strength) {
    throw unchanged(`--strength takes ${ESIGN_STRENGTHS.join(', ')}`);
  }
  const minText = options['min-length'];
  if (minText !== undefined && !/^\d+$/.test(minText.trim())) {
    throw unchanged('--min-length must be a whole number from 6 to 32');
  }
  const next: EsignOrgSettings = {
    enabled: onOff(options.switch, 'switch') ?? current.enabled,
    strength: strength ?? current.strength,
    minLength: minText === undefined ? current.minLength : Number(minText),
    allowSameAsLogin: onOff(options['same-as-login'], 'same-as-login') ?? current.allowSameAsLogin,
  };
  if (JSON.stringify(next) !== JSON.stringify(current)) {
    try {
      await saveEsignSettings({ db, orgId, operator: CLI_OPERATOR, now }, next);
    } catch (error) {
      if (error instanceof ApiError && error.key === 'errors.esign.minLength') {
        throw unchanged('--min-length must be a whole number from 6 to 32');
      }
      throw error;
    }
  }
  const saved = await repos.esign.findSettings(orgId);
  return [
    `electronic signature of organisation ${orgId}: ${saved.enabled ? 'on' : 'off'}`,
    `  strength ${saved.strength}; minimum length ${saved.minLength}; same as login password ${saved.allowSameAsLogin ? 'allowed' : 'not allowed'}`,
  ];
}

export const ESIGN_COMMANDS = [
  defineCommand({
    name: 'esign:settings',
    usage: `  esign:settings --org <id> [--switch on|off] [--strength ${ESIGN_STRENGTHS.join('|')}]
               [--min-length 6-32] [--same-as-login on|off]
                                              show or change the organisation's electronic signature`,
    options: {
      org: { type: 'string' },
      switch: { type: 'string' },
      strength: { type: 'string' },
      'min-length': { type: 'string' },
      'same-as-login': { type: 'string' },
    },
    run: ({ db, now }, { values }) => runEsignCommand(db, values, now),
  }),
];

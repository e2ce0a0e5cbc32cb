import fs from 'node:fs';
import type { Kysely } from 'kysely';
import type { MessageKey } from '../../domain/i18n';
import {
  MONOMER_TYPES,
  type MonomerType,
  POLYMER_TYPES,
  type PolymerType,
} from '../../domain/rules/monomers';
import { ApiError } from '../core/errors';
import { CLI_OPERATOR } from '../core/operator';
import { translate } from '../core/translate';
import type { Database } from '../db/tables';
import { readRepositories } from '../repositories';
import { exportMonomers, importMonomers } from '../services/monomer-import-service';
import { deleteMonomer, saveMonomer } from '../services/monomers-service';
import { CommandError, defineCommand } from './command';

const en = (key: string, params?: Record<string, string | number>) =>
  translate('en-US', key as MessageKey, params);

async function organisation(db: Kysely<Database>, org: string | undefined): Promise<number> {
  const orgId = Number(org);
  if (!Number.isInteger(orgId) || orgId <= 0) throw new CommandError('--org <id> is required');
  if (!(await readRepositories(db).organizations.findById(orgId))) {
    throw new CommandError(`No organisation ${orgId}`);
  }
  return orgId;
}

/** Runs a service call, an ApiError becoming the operator's message in English. */
async function asOperator<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError) throw new CommandError(en(error.key, error.params));
    throw error;
  }
}

/** `org:monomer-import`: the Monomer library screen's import, through the same service (all or nothing). */
export async function runMonomerImportCommand(
  db: Kysely<Database>,
  options: { org?: string; file?: string },
  now: number,
): Promise<string[]> {
  const orgId = await organisation(db, options.org);
  if (!options.file) throw new CommandError('--file <library.json> is required');
  let file: unknown;
  try {
    file = JSON.parse(fs.readFileSync(options.file, 'utf8'));
  } catch {
    throw new CommandError(en('errors.monomers.importFormat'));
  }
  const report = await asOperator(() => importMonomers(db, orgId, file, CLI_OPERATOR, now));
  if (report.ProblemCount > 0) {
    const lines = report.Problems.map(
      (problem) => `entry ${problem.Row} (${problem.Symbol}): ${en(problem.key, problem.params)}`,
    );
    throw new CommandError([`${report.ProblemCount} problems; nothing was imported:`, ...lines].join('\n'));
  }
  return [
    `${report.Imported} monomers imported into organisation ${orgId}; ${report.Unchanged} already in the library`,
  ];
}

/** `org:monomer-export`: the library as HELM monomer-library JSON, to a new file or to standard output. */
export async function runMonomerExportCommand(
  db: Kysely<Database>,
  options: { org?: string; file?: string },
): Promise<string[]> {
  const orgId = await organisation(db, options.org);
  const text = JSON.stringify(await exportMonomers(db, orgId), null, 2);
  if (!options.file) return [text];
  fs.writeFileSync(options.file, `${text}\n`, { flag: 'wx' });
  return [`${(JSON.parse(text) as unknown[]).length} monomers written to ${options.file}`];
}

const pick = <T extends string>(allowed: readonly T[], value: string | undefined, option: string): T => {
  if (value && (allowed as readonly string[]).includes(value)) return value as T;
  throw new CommandError(`--${option} must be one of ${allowed.join(', ')}`);
};

/** `org:monomer-set`: adds a monomer, or changes the one of that symbol and polymer type. */
export async function runMonomerSetCommand(
  db: Kysely<Database>,
  options: Record<string, string | undefined>,
  now: number,
): Promise<string[]> {
  const orgId = await organisation(db, options.org);
  const polymerType: PolymerType = pick(POLYMER_TYPES, options['polymer-type'], 'polymer-type');
  const monomerType: MonomerType = pick(
    MONOMER_TYPES,
    options['monomer-type'] ?? 'Undefined',
    'monomer-type',
  );
  if (!options.symbol || !options.smiles) throw new CommandError('--symbol and --smiles are required');
  const current = await readRepositories(db).monomers.findBySymbol(orgId, polymerType, options.symbol);
  const saved = await asOperator(() =>
    saveMonomer(
      db,
      orgId,
      {
        ...(current ? { ID: current.id } : {}),
        Symbol: options.symbol ?? '',
        Name: options.name ?? current?.name ?? options.symbol ?? '',
        PolymerType: polymerType,
        MonomerType: monomerType,
        NaturalAnalog: options.analog ?? '',
        Smiles: options.smiles ?? '',
      },
      CLI_OPERATOR,
      now,
    ),
  );
  return [`${current ? 'Changed' : 'Added'} ${saved.symbol} (${saved.polymerType}): ${saved.smiles}`];
}

/** `org:monomer-delete`: deletes a monomer no product record uses. */
export async function runMonomerDeleteCommand(
  db: Kysely<Database>,
  options: Record<string, string | undefined>,
  now: number,
): Promise<string[]> {
  const orgId = await organisation(db, options.org);
  const polymerType = pick(POLYMER_TYPES, options['polymer-type'], 'polymer-type');
  if (!options.symbol) throw new CommandError('--symbol is required');
  const current = await readRepositories(db).monomers.findBySymbol(orgId, polymerType, options.symbol);
  if (!current) throw new CommandError(en('errors.monomers.notFound'));
  await asOperator(() => deleteMonomer(db, orgId, current.id, CLI_OPERATOR, now));
  return [`Deleted ${current.symbol} (${polymerType})`];
}

const text = { type: 'string' } as const;

export const MONOMER_COMMANDS = [
  defineCommand({
    name: 'org:monomer-import',
    usage: `  org:monomer-import --org <id> --file <library.json>
                                              import a HELM monomer-library JSON file (all entries or
                                              none; the problems listed by entry otherwise)`,
    options: { org: text, file: text },
    run: ({ db, now }, { values }) => runMonomerImportCommand(db, values, now),
  }),
  defineCommand({
    name: 'org:monomer-export',
    usage: `  org:monomer-export --org <id> [--file <new.json>]
                                              the library as HELM monomer-library JSON`,
    options: { org: text, file: text },
    run: ({ db }, { values }) => runMonomerExportCommand(db, values),
  }),
  defineCommand({
    name: 'org:monomer-set',
    usage: `  org:monomer-set --org <id> --symbol <s> --polymer-type <PEPTIDE|CHEM|RNA|BLOB> --smiles <smiles>
                  [--name <n>] [--monomer-type <Backbone|Branch|Terminal|Undefined>] [--analog <a>]
                                              add a monomer, or change the one of that symbol`,
    options: {
      org: text,
      symbol: text,
      name: text,
      'polymer-type': text,
      'monomer-type': text,
      analog: text,
      smiles: text,
    },
    run: ({ db, now }, { values }) => runMonomerSetCommand(db, values, now),
  }),
  defineCommand({
    name: 'org:monomer-delete',
    usage: `  org:monomer-delete --org <id> --symbol <s> --polymer-type <type>
                                              delete a monomer no product record uses`,
    options: { org: text, symbol: text, 'polymer-type': text },
    run: ({ db, now }, { values }) => runMonomerDeleteCommand(db, values, now),
  }),
];

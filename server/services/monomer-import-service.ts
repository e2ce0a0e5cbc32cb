import type { Kysely } from 'kysely';
import { helmSmiles, toHelmEntry } from '../../domain/rules/monomer-helm-file';
import {
  MONOMER_TYPES,
  type MonomerType,
  POLYMER_TYPES,
  type PolymerType,
} from '../../domain/rules/monomers';
import { logMessage } from '../../domain/rules/operation-log-content';
import {
  helmEntrySchema,
  MONOMER_IMPORT_MAX,
  MONOMER_IMPORT_MAX_PROBLEMS,
  type MonomerImportProblem,
  type MonomerImportReport,
} from '../../domain/schemas/monomers';
import { ApiError } from '../core/errors';
import type { Operator } from '../core/operator';
import type { Database } from '../db/tables';
import { readRepositories, withTransaction } from '../repositories';
import type { MonomerValues } from '../repositories/monomers-repository';
import { monomerOf } from '../presenters/monomer-presenter';
import { checkMonomer, type MonomerInput, type MonomerProblem, MONOMER_LOG_MODULE } from './monomers-service';

const isPolymerType = (value: string): value is PolymerType =>
  (POLYMER_TYPES as readonly string[]).includes(value);
const isMonomerType = (value: string): value is MonomerType =>
  (MONOMER_TYPES as readonly string[]).includes(value);

/** The HELM monomer-library JSON's entries: the file is an array of monomers. */
function entriesOf(file: unknown): unknown[] {
  if (!Array.isArray(file)) throw new ApiError(400, 'errors.monomers.importFormat');
  if (file.length > MONOMER_IMPORT_MAX) {
    throw new ApiError(400, 'errors.monomers.importTooMany', { max: MONOMER_IMPORT_MAX });
  }
  return file;
}

/** An entry as the screen's fields, or what keeps it from being one. */
function inputOf(entry: unknown): MonomerInput | MonomerProblem {
  const parsed = helmEntrySchema.safeParse(entry);
  if (!parsed.success) {
    const symbolMissing = parsed.error.issues.some((issue) => issue.path[0] === 'symbol');
    return { key: symbolMissing ? 'errors.monomers.symbolRequired' : 'errors.monomers.importFormat' };
  }
  const { symbol, name, polymerType, monomerType, naturalAnalog, smiles, rgroups } = parsed.data;
  if (!isPolymerType(polymerType)) return { key: 'errors.monomers.polymerTypeInvalid' };
  const type = monomerType ?? 'Undefined';
  if (!isMonomerType(type)) return { key: 'errors.monomers.monomerTypeInvalid' };
  const caps = new Map<string, string>();
  for (const group of rgroups ?? []) if (group.capGroupName) caps.set(group.label, group.capGroupName);
  return {
    Symbol: symbol,
    Name: name ?? '',
    PolymerType: polymerType,
    MonomerType: type,
    NaturalAnalog: naturalAnalog ?? '',
    Smiles: helmSmiles(smiles ?? ''),
    caps,
  };
}

/**
 * Imports a HELM monomer-library JSON file into the organisation's library, all or nothing (like the member
 * import): every entry is checked by the screen's rules, against the library and against the file's other
 * entries. An entry the library already has with the same structure is left as it is (an export of this
 * library imports back cleanly). With any problem nothing is written and the answer lists them by entry.
 */
export async function importMonomers(
  db: Kysely<Database>,
  orgId: number,
  file: unknown,
  operator: Operator,
  now: number,
): Promise<MonomerImportReport> {
  const entries = entriesOf(file);
  return withTransaction(db, async (repos) => {
    const library = await repos.monomers.all(orgId);
    // What the library and the entries before this one hold; `inLibrary` tells an entry repeated in the file.
    type Known = { symbol: string; structureKey: string; inLibrary: boolean };
    const known = (row: Known): Known => row;
    const bySymbol = new Map<string, Known>();
    const byStructure = new Map<string, Known>();
    for (const row of library) {
      const entry = known({ symbol: row.symbol, structureKey: row.structureKey, inLibrary: true });
      bySymbol.set(`${row.polymerType}\n${row.symbol}`, entry);
      if (!byStructure.has(`${row.polymerType}\n${row.structureKey}`)) {
        byStructure.set(`${row.polymerType}\n${row.structureKey}`, entry);
      }
    }
    const problems: MonomerImportProblem[] = [];
    const added: MonomerValues[] = [];
    let unchanged = 0;
    entries.forEach((entry, index) => {
      const input = inputOf(entry);
      const written =
        typeof (entry as { symbol?: unknown })?.symbol === 'string'
          ? (entry as { symbol: string }).symbol
          : '';
      const problem = (found: MonomerProblem) =>
        problems.push({
          Row: index + 1,
          Symbol: written,
          key: found.key as MonomerImportProblem['key'],
          ...(found.params ? { params: found.params } : {}),
        });
      if ('key' in input) return problem(input);
      const checked = checkMonomer(input, operator.name);
      if (!checked.ok) return problem(checked);
      const { values } = checked;
      const symbolKey = `${values.polymerType}\n${values.symbol}`;
      const structureKey = `${values.polymerType}\n${values.structureKey}`;
      const sameSymbol = bySymbol.get(symbolKey);
      if (sameSymbol?.inLibrary && sameSymbol.structureKey === values.structureKey) {
        unchanged += 1;
        return;
      }
      if (sameSymbol) {
        return problem({
          key: 'errors.monomers.symbolTaken',
          params: { symbol: values.symbol, polymerType: values.polymerType },
        });
      }
      const sameStructure = byStructure.get(structureKey);
      if (sameStructure) {
        return problem({
          key: 'errors.monomers.structureTaken',
          params: { symbol: sameStructure.symbol, polymerType: values.polymerType },
        });
      }
      const fromFile = known({ symbol: values.symbol, structureKey: values.structureKey, inLibrary: false });
      bySymbol.set(symbolKey, fromFile);
      byStructure.set(structureKey, fromFile);
      added.push(values);
    });
    if (problems.length > 0) {
      return {
        Imported: 0,
        Unchanged: 0,
        Problems: problems.slice(0, MONOMER_IMPORT_MAX_PROBLEMS),
        ProblemCount: problems.length,
      };
    }
    if (added.length > 0) {
      await repos.monomers.insertMany(orgId, added, now);
      await repos.operationLogs.insert({
        orgId,
        operatorId: operator.id,
        operatorName: operator.name,
        module: MONOMER_LOG_MODULE,
        content: logMessage('operationLog.content.monomersImported', { count: added.length }),
        now,
      });
    }
    return { Imported: added.length, Unchanged: unchanged, Problems: [], ProblemCount: 0 };
  });
}

/** The organisation's whole library (system monomers too) as HELM monomer-library JSON entries. */
export async function exportMonomers(db: Kysely<Database>, orgId: number) {
  const rows = await readRepositories(db).monomers.all(orgId);
  return rows.map((row) => toHelmEntry(monomerOf(row)));
}

import type { Kysely } from 'kysely';
import { logMessage } from '../../domain/rules/operation-log-content';
import { defaultCaps, readMonomerStructure } from '../../domain/rules/monomer-structure';
import {
  MONOMER_NAME_MAX_LENGTH,
  MONOMER_SYMBOL_MAX_LENGTH,
  type MonomerType,
  naturalAnalogProblem,
  type PolymerType,
  symbolProblem,
} from '../../domain/rules/monomers';
import type { MonomerAssociationRequest, MonomerExistsRequest, RGroup } from '../../domain/schemas/monomers';
import { ApiError } from '../core/errors';
import type { Operator } from '../core/operator';
import type { Database } from '../db/tables';
import { readRepositories, type Repositories, withTransaction } from '../repositories';
import type { MonomerRow, MonomerValues } from '../repositories/monomers-repository';
import type { MessageParams } from '../../domain/i18n/lookup';

/** The operation log's module of monomer library changes (the Components group's monomerLib page). */
export const MONOMER_LOG_MODULE = 'monomerLib';

/** A monomer as the screen, an import entry or the CLI gives it, before any check. */
export interface MonomerInput {
  Symbol: string;
  Name: string;
  PolymerType: PolymerType;
  MonomerType: MonomerType;
  NaturalAnalog: string;
  Smiles: string;
  /** Caps named by an imported file, by label; the rest get defaultCaps. */
  caps?: ReadonlyMap<string, string>;
}

/** What is wrong with a monomer's fields and structure: an i18n key and its params. */
export interface MonomerProblem {
  key: string;
  params?: MessageParams;
}

/**
 * Checks a monomer by SPEC §5 and reads its structure with OpenChemLib: the values to store, or the first
 * problem. Duplicates are the caller's (they need the library).
 */
export function checkMonomer(
  input: MonomerInput,
  creatorName: string,
): { ok: true; values: MonomerValues } | ({ ok: false } & MonomerProblem) {
  const symbol = input.Symbol.trim();
  const symbolKey = symbolProblem(symbol);
  if (symbolKey) return { ok: false, key: symbolKey, params: { max: MONOMER_SYMBOL_MAX_LENGTH } };
  const name = input.Name.trim();
  if (name === '') return { ok: false, key: 'errors.monomers.nameRequired' };
  if (name.length > MONOMER_NAME_MAX_LENGTH) {
    return { ok: false, key: 'errors.monomers.nameTooLong', params: { max: MONOMER_NAME_MAX_LENGTH } };
  }
  const analog = input.NaturalAnalog.trim();
  const analogKey = naturalAnalogProblem(input.PolymerType, analog);
  if (analogKey) return { ok: false, key: analogKey };
  const structure = readMonomerStructure(input.Smiles, input.MonomerType);
  if (!structure.ok) return { ok: false, key: structure.key };
  const rGroups: RGroup[] = defaultCaps(structure.smiles).map((group) => ({
    Label: group.Label,
    CapGroupName: input.caps?.get(group.Label) ?? group.CapGroupName,
  }));
  return {
    ok: true,
    values: {
      symbol,
      name,
      polymerType: input.PolymerType,
      monomerType: input.MonomerType,
      naturalAnalog: analog,
      smiles: structure.smiles,
      structureKey: structure.structureKey,
      rGroups: JSON.stringify(rGroups),
      creatorName,
    },
  };
}

/** The duplicate a monomer would make in the organisation's library (symbol first, then structure), or null. */
export async function duplicateOf(
  repos: Pick<Repositories, 'monomers'>,
  orgId: number,
  values: Pick<MonomerValues, 'symbol' | 'polymerType' | 'structureKey'>,
  exceptId?: number,
): Promise<MonomerProblem | null> {
  const { symbol, polymerType, structureKey } = values;
  if (await repos.monomers.findBySymbol(orgId, polymerType, symbol, exceptId)) {
    return { key: 'errors.monomers.symbolTaken', params: { symbol, polymerType } };
  }
  const same = await repos.monomers.findByStructure(orgId, polymerType, structureKey, exceptId);
  return same
    ? { key: 'errors.monomers.structureTaken', params: { symbol: same.symbol, polymerType } }
    : null;
}

const refuse = (status: number, problem: MonomerProblem): never => {
  throw new ApiError(status, problem.key as ConstructorParameters<typeof ApiError>[1], problem.params);
};

/**
 * Adds a monomer, or edits the organisation's monomer `id`, with its operation-log row in one transaction.
 * Bad fields or structure: 400; a duplicate symbol or structure in the polymer type: 409; a system monomer:
 * 403; another organisation's or none: 404.
 */
export async function saveMonomer(
  db: Kysely<Database>,
  orgId: number,
  input: MonomerInput & { ID?: number },
  operator: Operator,
  now: number,
): Promise<MonomerRow> {
  const checked = checkMonomer(input, operator.name);
  if (!checked.ok) return refuse(400, checked);
  const { values } = checked;
  return withTransaction(db, async (repos) => {
    if (input.ID !== undefined) {
      const current = await repos.monomers.findById(orgId, input.ID);
      if (!current) throw new ApiError(404, 'errors.monomers.notFound');
      if (current.isSystem) throw new ApiError(403, 'errors.monomers.systemReadOnly');
    }
    const duplicate = await duplicateOf(repos, orgId, values, input.ID);
    if (duplicate) refuse(409, duplicate);
    const id =
      input.ID === undefined
        ? await repos.monomers.insert(orgId, values, now)
        : (await repos.monomers.update(orgId, input.ID, values, now), input.ID);
    await repos.operationLogs.insert({
      orgId,
      operatorId: operator.id,
      operatorName: operator.name,
      module: MONOMER_LOG_MODULE,
      content: logMessage(
        input.ID === undefined ? 'operationLog.content.monomerAdded' : 'operationLog.content.monomerEdited',
        { symbol: values.symbol, polymerType: values.polymerType },
      ),
      now,
    });
    const saved = await repos.monomers.findById(orgId, id);
    if (!saved) throw new Error(`monomer ${id} vanished in its own transaction`);
    return saved;
  });
}

/** Deletes the organisation's monomer: refused for a system monomer (403) or one still in use (409). */
export async function deleteMonomer(
  db: Kysely<Database>,
  orgId: number,
  id: number,
  operator: Operator,
  now: number,
): Promise<void> {
  await withTransaction(db, async (repos) => {
    const current = await repos.monomers.findById(orgId, id);
    if (!current) throw new ApiError(404, 'errors.monomers.notFound');
    if (current.isSystem) throw new ApiError(403, 'errors.monomers.systemReadOnly');
    if ((await repos.monomers.countUsages(orgId, id)) > 0) {
      throw new ApiError(409, 'errors.monomers.inUse', { symbol: current.symbol });
    }
    await repos.monomers.delete(orgId, id);
    await repos.operationLogs.insert({
      orgId,
      operatorId: operator.id,
      operatorName: operator.name,
      module: MONOMER_LOG_MODULE,
      content: logMessage('operationLog.content.monomerDeleted', {
        symbol: current.symbol,
        polymerType: current.polymerType,
      }),
      now,
    });
  });
}

/**
 * IsExistsSameValue: whether the symbol, or the structure however it is spelled, is taken in the polymer type
 * (a SMILES that does not read as a monomer is taken by nothing).
 */
export async function findSameMonomer(
  db: Kysely<Database>,
  orgId: number,
  request: MonomerExistsRequest,
): Promise<{ exists: boolean; symbol?: string }> {
  const repos = readRepositories(db);
  const { PolymerType, ID } = request;
  const symbol = request.Symbol?.trim();
  if (symbol) {
    const found = await repos.monomers.findBySymbol(orgId, PolymerType, symbol, ID);
    if (found) return { exists: true, symbol: found.symbol };
  }
  if (request.Smiles) {
    // Read as leniently as any stored monomer was: a terminal cap may carry R1 or R2 alone (acetyl's R2), and
    // the question names no monomer type, so the R1..Rn rule of the other types must not hide that cap.
    const structure = readMonomerStructure(request.Smiles, 'Terminal');
    if (structure.ok) {
      const found = await repos.monomers.findByStructure(orgId, PolymerType, structure.structureKey, ID);
      if (found) return { exists: true, symbol: found.symbol };
    }
  }
  return { exists: false };
}

/**
 * AssociationHelm: a product's record starts (`Associated` true) or stops using a monomer; without
 * `Associated`, only the answer. Answers whether the monomer is in use and by how many records.
 */
export async function associateMonomer(
  db: Kysely<Database>,
  orgId: number,
  request: MonomerAssociationRequest,
  now: number,
): Promise<{ symbolId: number; InUse: boolean; References: number }> {
  return withTransaction(db, async (repos) => {
    const monomer = await repos.monomers.findById(orgId, request.symbolId);
    if (!monomer) throw new ApiError(404, 'errors.monomers.notFound');
    if (request.Associated !== undefined) {
      if (!request.Reference) throw new ApiError(400, 'errors.monomers.referenceRequired');
      if (request.Associated) await repos.monomers.addUsage(orgId, monomer.id, request.Reference, now);
      else await repos.monomers.removeUsage(orgId, monomer.id, request.Reference);
    }
    const count = await repos.monomers.countUsages(orgId, monomer.id);
    return { symbolId: monomer.id, InUse: count > 0, References: count };
  });
}

/** A page of the library an organisation sees: the system monomers first, then its own (see repos.monomers.page). */
export function monomerPage(
  db: Kysely<Database>,
  orgId: number,
  query: { pageIndex: number; pageSize: number; keyword?: string; polymerType?: string },
) {
  return readRepositories(db).monomers.page(orgId, query);
}

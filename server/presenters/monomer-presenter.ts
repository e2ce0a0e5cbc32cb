import {
  MONOMER_TYPES,
  type MonomerType,
  POLYMER_TYPES,
  type PolymerType,
} from '../../domain/rules/monomers';
import type { Monomer, RGroup } from '../../domain/schemas/monomers';
import type { MonomerRow } from '../repositories/monomers-repository';

const polymerTypeOf = (value: string): PolymerType =>
  (POLYMER_TYPES as readonly string[]).includes(value) ? (value as PolymerType) : 'CHEM';
const monomerTypeOf = (value: string): MonomerType =>
  (MONOMER_TYPES as readonly string[]).includes(value) ? (value as MonomerType) : 'Undefined';

/** A stored monomer as the API and the export show it. */
export function monomerOf(row: MonomerRow): Monomer {
  return {
    ID: row.id,
    Symbol: row.symbol,
    Name: row.name,
    PolymerType: polymerTypeOf(row.polymerType),
    MonomerType: monomerTypeOf(row.monomerType),
    NaturalAnalog: row.naturalAnalog,
    Smiles: row.smiles,
    RGroups: JSON.parse(row.rGroups) as RGroup[],
    IsSystem: row.isSystem,
    Creator: row.creatorName,
    UpdatedAt: row.updatedAt,
  };
}

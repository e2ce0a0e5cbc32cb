/**
 * HELM monomer rules (SPEC §3, §5, §9) that need no chemistry: the symbol's letters, the polymer and monomer
 * types, the natural analog of each polymer type and the numbering of R-groups. The structure itself is
 * read by domain/rules/monomer-structure.ts.
 */

/** SPEC §9 polymer types. */
export const POLYMER_TYPES = ['PEPTIDE', 'CHEM', 'RNA', 'BLOB'] as const;
export type PolymerType = (typeof POLYMER_TYPES)[number];

/** SPEC §9 monomer types. */
export const MONOMER_TYPES = ['Backbone', 'Branch', 'Terminal', 'Undefined'] as const;
export type MonomerType = (typeof MONOMER_TYPES)[number];

export const MONOMER_SYMBOL_MAX_LENGTH = 50;
export const MONOMER_NAME_MAX_LENGTH = 200;
/** A SMILES longer than this is not a monomer (the largest HELM library entries are a few hundred). */
export const MONOMER_SMILES_MAX_LENGTH = 4000;
/** HELM numbers R-groups R1 … R16 (OpenChemLib's R-atoms stop there too). */
export const MONOMER_MAX_R_GROUPS = 16;

/** SPEC §5: letters, digits, hyphen, underscore and asterisk. */
export const MONOMER_SYMBOL_PATTERN = /^[A-Za-z0-9_*-]+$/;

/**
 * The natural monomers each polymer type's analog may name: the 20 amino acids for peptides; the bases,
 * ribose and phosphate for nucleotides. CHEM and BLOB monomers have no natural analog (empty). HELM's `X`
 * (no natural analog, as its terminal caps and linkers have) is valid for every polymer type.
 */
export const NATURAL_ANALOGS: Readonly<Record<PolymerType, readonly string[]>> = {
  PEPTIDE: [
    'A',
    'C',
    'D',
    'E',
    'F',
    'G',
    'H',
    'I',
    'K',
    'L',
    'M',
    'N',
    'P',
    'Q',
    'R',
    'S',
    'T',
    'V',
    'W',
    'Y',
  ],
  RNA: ['A', 'C', 'G', 'T', 'U', 'R', 'P'],
  CHEM: [],
  BLOB: [],
};

/** The i18n key of what is wrong with a symbol, or null. */
export function symbolProblem(symbol: string): string | null {
  if (symbol.trim() === '') return 'errors.monomers.symbolRequired';
  if (symbol.length > MONOMER_SYMBOL_MAX_LENGTH) return 'errors.monomers.symbolTooLong';
  return MONOMER_SYMBOL_PATTERN.test(symbol) ? null : 'errors.monomers.symbolInvalid';
}

/** HELM's natural analog of a monomer that has none. */
export const UNKNOWN_ANALOG = 'X';

/** The i18n key of what is wrong with a natural analog for its polymer type (SPEC §5 "must be correct"). */
export function naturalAnalogProblem(polymerType: PolymerType, analog: string): string | null {
  const allowed = NATURAL_ANALOGS[polymerType];
  if (analog === UNKNOWN_ANALOG) return null;
  if (allowed.length === 0) return analog === '' ? null : 'errors.monomers.analogInvalid';
  if (analog === '') return 'errors.monomers.analogRequired';
  return allowed.includes(analog) ? null : 'errors.monomers.analogInvalid';
}

/**
 * The i18n key of what is wrong with the R-group numbers found in a structure, or null: at least one
 * (SPEC §5), each once, and exactly 1 … n (R1 and R3 without R2 is refused). A terminal monomer (a cap)
 * may carry the one attachment it caps instead, R1 or R2 alone: HELM's N-terminal caps (acetyl) attach by
 * R2 and its C-terminal ones (amide) by R1, as the Pistoia library writes them.
 */
export function rGroupProblem(numbers: readonly number[], monomerType?: string): string | null {
  if (numbers.length === 0) return 'errors.monomers.rGroupMissing';
  if (numbers.some((n) => !Number.isInteger(n) || n < 1)) return 'errors.monomers.rGroupUnnumbered';
  if (numbers.length > MONOMER_MAX_R_GROUPS) return 'errors.monomers.rGroupTooMany';
  if (monomerType === 'Terminal' && numbers.length === 1 && numbers[0] <= 2) return null;
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted.every((n, index) => n === index + 1) ? null : 'errors.monomers.rGroupNumbering';
}

/** HELM's R-group names for a structure's numbers: `R1`, `R2`, … */
export function rGroupLabels(count: number): string[] {
  return Array.from({ length: count }, (_, index) => `R${index + 1}`);
}

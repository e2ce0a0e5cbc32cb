import { Molecule } from 'openchemlib';
import type { RGroup } from '../schemas/monomers';
import { MONOMER_SMILES_MAX_LENGTH, rGroupProblem } from './monomers';

/** OpenChemLib's atomic number of the R-atom Rn (not consecutive: R1-R3 come after R4-R16). */
const rAtomicNo = (number: number) =>
  Molecule.getAtomicNoFromLabel(`R${number}`, Molecule.cPseudoAtomsRGroups);

/** A monomer structure as read: canonical SMILES, the key two spellings of it share, its R-group numbers. */
export interface MonomerStructure {
  ok: true;
  /** OpenChemLib's canonical isomeric SMILES with the R-groups as `[*:n]`. */
  smiles: string;
  /** OpenChemLib's canonical ID code with each R-group as its own R-atom: equal for equal structures. */
  structureKey: string;
  /** The R-group numbers, ascending (1 … n). */
  rGroups: number[];
}

/** Why a SMILES is not a monomer structure: an i18n key. */
export interface StructureProblem {
  ok: false;
  key: string;
}

/**
 * The `*` atoms written in a SMILES and their map numbers (null when unnumbered). A bracket atom is the
 * only place a SMILES writes an atom map, so this is read from the text; the chemistry library then says
 * whether the whole is a molecule and which atoms carry the numbers.
 */
function wildcardNumbers(smiles: string): Array<number | null> {
  const found: Array<number | null> = [];
  for (let index = 0; index < smiles.length; index += 1) {
    const char = smiles[index];
    if (char === '*') found.push(null);
    if (char !== '[') continue;
    const end = smiles.indexOf(']', index);
    if (end === -1) return found;
    const bracket = smiles.slice(index + 1, end);
    const match = /^\*(?::(\d+))?$/.exec(bracket);
    if (match) found.push(match[1] === undefined ? null : Number(match[1]));
    else if (bracket.startsWith('*')) found.push(null);
    index = end;
  }
  return found;
}

function parse(smiles: string): Molecule | null {
  try {
    const molecule = Molecule.fromSmiles(smiles);
    return molecule.getAllAtoms() === 0 ? null : molecule;
  } catch {
    return null;
  }
}

/**
 * Reads a monomer's SMILES with OpenChemLib (SPEC §5): it must parse, be one connected molecule with no atom
 * over its valence, and carry R-groups `[*:1]` … `[*:n]` (at least one, numbered 1 … n, each a single
 * attachment; a terminal monomer may carry R1 or R2 alone, see rGroupProblem). The answer's `structureKey`
 * is what a duplicate structure is found by.
 */
export function readMonomerStructure(
  input: string,
  monomerType?: string,
): MonomerStructure | StructureProblem {
  const smiles = input.trim();
  if (smiles === '') return { ok: false, key: 'errors.monomers.structureRequired' };
  if (smiles.length > MONOMER_SMILES_MAX_LENGTH) return { ok: false, key: 'errors.monomers.smilesTooLong' };
  const molecule = parse(smiles);
  if (!molecule) return { ok: false, key: 'errors.monomers.smilesInvalid' };
  const atoms = molecule.getAllAtoms();
  if (molecule.getFragmentAtoms(0, false).length !== atoms) {
    return { ok: false, key: 'errors.monomers.smilesDisconnected' };
  }
  const written = wildcardNumbers(smiles);
  if (written.includes(null)) return { ok: false, key: 'errors.monomers.rGroupUnnumbered' };
  const mapped: Array<{ atom: number; number: number }> = [];
  for (let atom = 0; atom < atoms; atom += 1) {
    const number = molecule.getAtomMapNo(atom);
    if (number > 0) mapped.push({ atom, number });
    else if (molecule.getOccupiedValence(atom) > molecule.getMaxValence(atom)) {
      return { ok: false, key: 'errors.monomers.smilesValence' };
    }
  }
  // A map number on an ordinary atom ([CH3:1]) is not an R-group.
  if (mapped.length !== written.length) return { ok: false, key: 'errors.monomers.rGroupNumbering' };
  const numbers = mapped.map((entry) => entry.number);
  const numbering = rGroupProblem(numbers, monomerType);
  if (numbering) return { ok: false, key: numbering };
  if (mapped.some((entry) => molecule.getConnAtoms(entry.atom) !== 1 || atoms === 1)) {
    return { ok: false, key: 'errors.monomers.rGroupBond' };
  }
  const keyed = molecule.getCompactCopy();
  for (const { atom, number } of mapped) asRAtom(keyed, atom, number);
  keyed.setFragment(false);
  return {
    ok: true,
    // Written from the R-atom copy: OpenChemLib writes a query fragment's stereo centres without their H.
    smiles: asWildcards(keyed.toIsomericSmiles()),
    structureKey: keyed.getIDCode(),
    rGroups: [...numbers].sort((a, b) => a - b),
  };
}

/** HELM writes R-atoms as numbered wildcards: `[R2]` -> `[*:2]`. */
function asWildcards(smiles: string): string {
  return smiles.replace(/\[R(\d+)\]/g, '[*:$1]');
}

function asRAtom(molecule: Molecule, atom: number, number: number): void {
  molecule.setAtomQueryFeature(atom, Molecule.cAtomQFAny, false);
  molecule.setAtomicNo(atom, rAtomicNo(number));
  molecule.setAtomMapNo(atom, 0, false);
}

/**
 * The molecule a structure editor shows for a monomer's SMILES: each `[*:n]` as the R-atom Rn, which the
 * editor draws and lets the user place. Null when the SMILES does not parse.
 */
export function editorMolecule(smiles: string): Molecule | null {
  const molecule = parse(smiles);
  if (!molecule) return null;
  for (let atom = 0; atom < molecule.getAllAtoms(); atom += 1) {
    const number = molecule.getAtomMapNo(atom);
    if (number > 0) asRAtom(molecule, atom, number);
  }
  molecule.setFragment(false);
  return molecule;
}

/** The SMILES of what the editor holds, its R-atoms written as HELM's `[*:n]`; empty when nothing is drawn. */
export function editorSmiles(drawn: Molecule): string {
  if (drawn.getAllAtoms() === 0) return '';
  return asWildcards(drawn.toIsomericSmiles());
}

/** The structure drawn as SVG (R-groups labelled R1 … Rn), or null when the SMILES does not parse. */
export function monomerSvg(smiles: string, width: number, height: number, id: string): string | null {
  const molecule = editorMolecule(smiles);
  if (!molecule) return null;
  return molecule.toSVG(width, height, id, { autoCrop: true, autoCropMargin: 8, suppressChiralText: true });
}

/**
 * The cap HELM puts on each R-group of a structure when nothing attaches there: OH on an acyl carbon (the
 * carboxylic acid of an amino acid's R2), H elsewhere. Ordered R1 … Rn; empty when the SMILES does not parse.
 */
export function defaultCaps(smiles: string): RGroup[] {
  const molecule = parse(smiles);
  if (!molecule) return [];
  const caps: RGroup[] = [];
  for (let atom = 0; atom < molecule.getAllAtoms(); atom += 1) {
    const number = molecule.getAtomMapNo(atom);
    if (number === 0 || molecule.getConnAtoms(atom) !== 1) continue;
    const attached = molecule.getConnAtom(atom, 0);
    caps.push({ Label: `R${number}`, CapGroupName: isAcylCarbon(molecule, attached) ? 'OH' : 'H' });
  }
  return caps.sort((a, b) => Number(a.Label.slice(1)) - Number(b.Label.slice(1)));
}

function isAcylCarbon(molecule: Molecule, atom: number): boolean {
  if (molecule.getAtomicNo(atom) !== 6) return false;
  for (let index = 0; index < molecule.getConnAtoms(atom); index += 1) {
    const neighbour = molecule.getConnAtom(atom, index);
    const bond = molecule.getConnBond(atom, index);
    if (molecule.getAtomicNo(neighbour) === 8 && molecule.getBondOrder(bond) === 2) return true;
  }
  return false;
}

import { describe, expect, it } from 'vitest';
import {
  editorMolecule,
  editorSmiles,
  monomerSvg,
  readMonomerStructure,
} from '../../../domain/rules/monomer-structure';
import { STARTER_MONOMERS } from '../../../domain/rules/monomer-starter-set';

const read = (smiles: string) => {
  const structure = readMonomerStructure(smiles);
  if (!structure.ok) throw new Error(`${smiles}: ${structure.key}`);
  return structure;
};

describe('readMonomerStructure: the natural monomers', () => {
  it.each(STARTER_MONOMERS.map((monomer) => [monomer.polymerType, monomer.symbol, monomer.smiles]))(
    '%s %s reads, and its canonical SMILES reads back to the same structure',
    (_type, _symbol, smiles) => {
      const structure = read(smiles);
      expect(structure.rGroups.length).toBeGreaterThan(0);
      expect(read(structure.smiles).structureKey).toBe(structure.structureKey);
    },
  );

  it('tells the 20 amino acids apart, and L-alanine from D-alanine', () => {
    const peptides = STARTER_MONOMERS.filter((monomer) => monomer.polymerType === 'PEPTIDE');
    expect(new Set(peptides.map((monomer) => read(monomer.smiles).structureKey)).size).toBe(20);
    expect(read('[*:1]N[C@H](C)C([*:2])=O').structureKey).not.toBe(
      read('[*:1]N[C@@H](C)C([*:2])=O').structureKey,
    );
  });

  it('finds the R-groups of cysteine (R1, R2 and the thiol R3)', () => {
    expect(read('[*:1]N[C@@H](CS[*:3])C([*:2])=O').rGroups).toEqual([1, 2, 3]);
  });
});

describe('readMonomerStructure: modified nucleotides', () => {
  it.each([
    ['5-methylcytosine', 'Cc1cn([*:1])c(=O)nc1N', [1]],
    ["2'-O-methylribose", '[*:3][C@@H]1O[C@H](CO[*:1])[C@@H](O[*:2])[C@H]1OC', [1, 2, 3]],
    ['phosphorothioate', '[*:1]P(=S)(O)[*:2]', [1, 2]],
  ])('%s reads with R-groups %j', (_name, smiles, rGroups) => {
    expect(read(smiles).rGroups).toEqual(rGroups);
  });

  it('tells 5-methylcytosine from cytosine', () => {
    expect(read('Cc1cn([*:1])c(=O)nc1N').structureKey).not.toBe(read('Nc1ccn([*:1])c(=O)n1').structureKey);
  });
});

describe('readMonomerStructure: two spellings of one structure', () => {
  it.each([
    ['alanine', '[*:1]N[C@@H](C)C([*:2])=O', 'C[C@H](N[*:1])C([*:2])=O'],
    ['alanine, R-groups first', '[*:1]N[C@@H](C)C([*:2])=O', 'O=C([*:2])[C@H](C)N[*:1]'],
    [
      'phenylalanine, Kekulé ring',
      '[*:1]N[C@@H](Cc1ccccc1)C([*:2])=O',
      '[*:1]N[C@@H](CC1=CC=CC=C1)C([*:2])=O',
    ],
    ['uracil', 'O=c1ccn([*:1])c(=O)[nH]1', '[*:1]N1C=CC(=O)NC1=O'],
  ])('%s', (_name, first, second) => {
    const a = read(first);
    const b = read(second);
    expect(b.structureKey).toBe(a.structureKey);
    expect(b.smiles).toBe(a.smiles);
  });

  it('keeps R-group numbers apart: R1 on the amine is not R1 on the carbonyl', () => {
    expect(read('[*:2]N[C@@H](C)C([*:1])=O').structureKey).not.toBe(
      read('[*:1]N[C@@H](C)C([*:2])=O').structureKey,
    );
  });
});

describe('readMonomerStructure: refused structures', () => {
  it.each([
    ['empty', '', 'errors.monomers.structureRequired'],
    ['not SMILES', 'xyz(', 'errors.monomers.smilesInvalid'],
    ['an unclosed ring', '[*:1]C1CC', 'errors.monomers.smilesInvalid'],
    ['no R-group (alanine itself)', 'N[C@@H](C)C(O)=O', 'errors.monomers.rGroupMissing'],
    ['R-groups 1 and 3 without 2', '[*:1]N[C@@H](C)C([*:3])=O', 'errors.monomers.rGroupNumbering'],
    ['R2 alone', 'CC[*:2]', 'errors.monomers.rGroupNumbering'],
    ['R1 twice', '[*:1]CC[*:1]', 'errors.monomers.rGroupNumbering'],
    ['an unnumbered R-group', '[*:1]N[C@@H](C)C(*)=O', 'errors.monomers.rGroupUnnumbered'],
    ['a map number on a carbon', '[*:1]N[CH2:2]C', 'errors.monomers.rGroupNumbering'],
    ['a pentavalent carbon', 'C(C)(C)(C)(C)[*:1]', 'errors.monomers.smilesValence'],
    ['two molecules', '[*:1]CC.O', 'errors.monomers.smilesDisconnected'],
    ['an R-group with two bonds', 'C1CC[*:1]1', 'errors.monomers.rGroupBond'],
  ])('%s', (_name, smiles, key) => {
    expect(readMonomerStructure(smiles)).toEqual({ ok: false, key });
  });
});

describe('readMonomerStructure: terminal monomers (caps)', () => {
  it.each([
    ['acetyl, an N-terminal cap on R2', 'CC([*:2])=O', [2]],
    ['amide, a C-terminal cap on R1', 'N[*:1]', [1]],
    ['a cap numbered from R1 as usual', 'CC([*:1])=O', [1]],
  ])('%s reads as a Terminal monomer', (_name, smiles, rGroups) => {
    const structure = readMonomerStructure(smiles, 'Terminal');
    expect(structure).toMatchObject({ ok: true, rGroups });
  });

  it.each([
    ['R2 alone on a backbone monomer', 'CC([*:2])=O', 'Backbone'],
    ['R3 alone on a cap', 'CC([*:3])=O', 'Terminal'],
    ['R2 and R3 on a cap', '[*:3]CC([*:2])=O', 'Terminal'],
  ])('refuses %s', (_name, smiles, monomerType) => {
    expect(readMonomerStructure(smiles, monomerType)).toEqual({
      ok: false,
      key: 'errors.monomers.rGroupNumbering',
    });
  });
});

describe('the structure editor', () => {
  it('opens a monomer with its R-groups as R-atoms and writes them back as [*:n]', () => {
    const molecule = editorMolecule('[*:1]N[C@@H](C)C([*:2])=O');
    if (!molecule) throw new Error('not parsed');
    expect(read(editorSmiles(molecule)).structureKey).toBe(read('[*:1]N[C@@H](C)C([*:2])=O').structureKey);
  });

  it('writes nothing for an empty drawing', () => {
    const molecule = editorMolecule('C');
    if (!molecule) throw new Error('not parsed');
    molecule.deleteAtom(0);
    expect(editorSmiles(molecule)).toBe('');
  });
});

describe('monomerSvg', () => {
  it('draws the structure with its R-group labels', () => {
    const svg = monomerSvg('[*:1]N[C@@H](C)C([*:2])=O', 120, 90, 'ala');
    expect(svg).toMatch(/^<svg id="ala"/);
    expect(svg).toContain('R1');
    expect(svg).toContain('R2');
  });

  it('answers null for a SMILES that does not parse', () => {
    expect(monomerSvg('xyz(', 120, 90, 'bad')).toBeNull();
  });
});

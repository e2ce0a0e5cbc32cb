import type { MonomerType, PolymerType } from './monomers';

/** A natural monomer every organisation's library starts with, read-only (SPEC §3 system monomers). */
export interface StarterMonomer {
  symbol: string;
  name: string;
  polymerType: PolymerType;
  monomerType: MonomerType;
  naturalAnalog: string;
  smiles: string;
}

const aminoAcid = (symbol: string, name: string, smiles: string): StarterMonomer => ({
  symbol,
  name,
  polymerType: 'PEPTIDE',
  monomerType: 'Backbone',
  naturalAnalog: symbol,
  smiles,
});

const nucleotidePart = (
  symbol: string,
  name: string,
  monomerType: MonomerType,
  naturalAnalog: string,
  smiles: string,
): StarterMonomer => ({ symbol, name, polymerType: 'RNA', monomerType, naturalAnalog, smiles });

/**
 * The 20 L-amino acids (R1 on the amine, R2 on the carbonyl, R3 on the side chains HELM links through) and
 * the nucleotide parts: the bases A, C, G, T, U, ribose and deoxyribose, and phosphate, as the HELM
 * monomer library writes them.
 */
export const STARTER_MONOMERS: readonly StarterMonomer[] = [
  aminoAcid('A', 'Alanine', '[*:1]N[C@@H](C)C([*:2])=O'),
  aminoAcid('R', 'Arginine', '[*:1]N[C@@H](CCCNC(N)=N)C([*:2])=O'),
  aminoAcid('N', 'Asparagine', '[*:1]N[C@@H](CC(N)=O)C([*:2])=O'),
  aminoAcid('D', 'Aspartic acid', '[*:1]N[C@@H](CC([*:3])=O)C([*:2])=O'),
  aminoAcid('C', 'Cysteine', '[*:1]N[C@@H](CS[*:3])C([*:2])=O'),
  aminoAcid('E', 'Glutamic acid', '[*:1]N[C@@H](CCC([*:3])=O)C([*:2])=O'),
  aminoAcid('Q', 'Glutamine', '[*:1]N[C@@H](CCC(N)=O)C([*:2])=O'),
  aminoAcid('G', 'Glycine', '[*:1]NCC([*:2])=O'),
  aminoAcid('H', 'Histidine', '[*:1]N[C@@H](Cc1cnc[nH]1)C([*:2])=O'),
  aminoAcid('I', 'Isoleucine', '[*:1]N[C@@H]([C@@H](C)CC)C([*:2])=O'),
  aminoAcid('L', 'Leucine', '[*:1]N[C@@H](CC(C)C)C([*:2])=O'),
  aminoAcid('K', 'Lysine', '[*:1]N[C@@H](CCCCN[*:3])C([*:2])=O'),
  aminoAcid('M', 'Methionine', '[*:1]N[C@@H](CCSC)C([*:2])=O'),
  aminoAcid('F', 'Phenylalanine', '[*:1]N[C@@H](Cc1ccccc1)C([*:2])=O'),
  aminoAcid('P', 'Proline', '[*:1]N1CCC[C@H]1C([*:2])=O'),
  aminoAcid('S', 'Serine', '[*:1]N[C@@H](CO)C([*:2])=O'),
  aminoAcid('T', 'Threonine', '[*:1]N[C@@H]([C@@H](C)O)C([*:2])=O'),
  aminoAcid('W', 'Tryptophan', '[*:1]N[C@@H](Cc1c[nH]c2ccccc12)C([*:2])=O'),
  aminoAcid('Y', 'Tyrosine', '[*:1]N[C@@H](Cc1ccc(O)cc1)C([*:2])=O'),
  aminoAcid('V', 'Valine', '[*:1]N[C@@H](C(C)C)C([*:2])=O'),
  nucleotidePart('A', 'Adenine', 'Branch', 'A', 'Nc1ncnc2n([*:1])cnc12'),
  nucleotidePart('C', 'Cytosine', 'Branch', 'C', 'Nc1ccn([*:1])c(=O)n1'),
  nucleotidePart('G', 'Guanine', 'Branch', 'G', 'Nc1nc2n([*:1])cnc2c(=O)[nH]1'),
  nucleotidePart('T', 'Thymine', 'Branch', 'T', 'Cc1cn([*:1])c(=O)[nH]c1=O'),
  nucleotidePart('U', 'Uracil', 'Branch', 'U', 'O=c1ccn([*:1])c(=O)[nH]1'),
  nucleotidePart('R', 'Ribose', 'Backbone', 'R', '[*:3][C@@H]1O[C@H](CO[*:1])[C@@H](O[*:2])[C@H]1O'),
  nucleotidePart('dR', 'Deoxyribose', 'Backbone', 'R', '[*:3][C@H]1C[C@H](O[*:2])[C@@H](CO[*:1])O1'),
  nucleotidePart('P', 'Phosphate', 'Backbone', 'P', 'OP([*:1])([*:2])=O'),
];

import { describe, expect, it } from 'vitest';
import {
  naturalAnalogProblem,
  rGroupLabels,
  rGroupProblem,
  symbolProblem,
} from '../../../domain/rules/monomers';

describe('symbolProblem', () => {
  it.each([
    ['A', null],
    ['dR', null],
    ['Phe_4Me', null],
    ['D-Ala', null],
    ['*', null],
    ['', 'errors.monomers.symbolRequired'],
    ['   ', 'errors.monomers.symbolRequired'],
    ['Ala Me', 'errors.monomers.symbolInvalid'],
    ['[Ala]', 'errors.monomers.symbolInvalid'],
    ['Äla', 'errors.monomers.symbolInvalid'],
    ['x'.repeat(51), 'errors.monomers.symbolTooLong'],
  ])('%j -> %s', (symbol, problem) => {
    expect(symbolProblem(symbol)).toBe(problem);
  });
});

describe('naturalAnalogProblem', () => {
  it.each([
    ['PEPTIDE', 'F', null],
    ['PEPTIDE', 'X', null],
    ['PEPTIDE', 'U', 'errors.monomers.analogInvalid'],
    ['PEPTIDE', '', 'errors.monomers.analogRequired'],
    ['RNA', 'U', null],
    ['RNA', 'P', null],
    ['RNA', 'F', 'errors.monomers.analogInvalid'],
    ['CHEM', '', null],
    ['CHEM', 'X', null],
    ['CHEM', 'A', 'errors.monomers.analogInvalid'],
    ['BLOB', '', null],
  ] as const)('%s %j -> %s', (polymerType, analog, problem) => {
    expect(naturalAnalogProblem(polymerType, analog)).toBe(problem);
  });
});

describe('rGroupProblem', () => {
  it.each([
    [[1], null],
    [[2, 1, 3], null],
    [[], 'errors.monomers.rGroupMissing'],
    [[1, 3], 'errors.monomers.rGroupNumbering'],
    [[2], 'errors.monomers.rGroupNumbering'],
    [[1, 1], 'errors.monomers.rGroupNumbering'],
    [[0, 1], 'errors.monomers.rGroupUnnumbered'],
    [Array.from({ length: 17 }, (_, i) => i + 1), 'errors.monomers.rGroupTooMany'],
  ])('%j -> %s', (numbers, problem) => {
    expect(rGroupProblem(numbers)).toBe(problem);
  });
});

describe('rGroupLabels', () => {
  it('names R1 … Rn', () => {
    expect(rGroupLabels(3)).toEqual(['R1', 'R2', 'R3']);
  });
});

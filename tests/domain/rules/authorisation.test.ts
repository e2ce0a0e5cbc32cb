import { describe, expect, it } from 'vitest';
import {
  type LicenceChange,
  type LicenceMode,
  nextLicences,
  type SeatCount,
  seatOverflow,
  seatsAfter,
} from '../../../domain/rules/authorisation';

const ORDER = ['ELN', 'CIMS', 'PM'];

describe('nextLicences', () => {
  it.each<[string, string[], string[], LicenceMode, string[]]>([
    ['set replaces', ['ELN'], ['PM', 'CIMS'], 'set', ['CIMS', 'PM']],
    ['set to none', ['ELN', 'PM'], [], 'set', []],
    ['add keeps the others', ['ELN'], ['PM'], 'add', ['ELN', 'PM']],
    ['add of a held one changes nothing', ['ELN'], ['ELN'], 'add', ['ELN']],
    ['remove takes only the chosen', ['ELN', 'CIMS'], ['ELN'], 'remove', ['CIMS']],
    ['remove of one not held changes nothing', ['CIMS'], ['PM'], 'remove', ['CIMS']],
  ])('%s', (_name, current, chosen, mode, expected) => {
    expect(nextLicences(current, chosen, mode, ORDER)).toEqual(expected);
  });
});

describe('seat counting', () => {
  const counts = (eln: number, seats: number | null = 2): SeatCount[] => [
    { code: 'ELN', seats, used: eln },
    { code: 'CIMS', seats: null, used: 0 },
  ];
  const gain: LicenceChange = { before: [], after: ['ELN'] };
  const lose: LicenceChange = { before: ['ELN'], after: [] };
  const keep: LicenceChange = { before: ['ELN'], after: ['ELN'] };

  it.each<[string, SeatCount[], LicenceChange[], string | null]>([
    ['N seats take N holders', counts(1), [gain], null],
    ['N seats refuse N+1 holders', counts(2), [gain], 'ELN:3'],
    ['a batch counts every member it gives a seat', counts(0), [gain, gain, gain], 'ELN:3'],
    ['a seat freed in the same batch can be taken', counts(2), [lose, gain], null],
    ['a member keeping the product takes no new seat', counts(2), [keep], null],
    ['no limit takes any number', counts(10, null), [gain, gain], null],
    ['over the seats already, taking away is allowed', counts(5), [lose], null],
    ['over the seats already, adding is refused', counts(5), [lose, gain, gain], 'ELN:6'],
    ['zero seats refuse the first', counts(0, 0), [gain], 'ELN:1'],
  ])('%s', (_name, before, changes, expected) => {
    const overflow = seatOverflow(before, changes);
    expect(overflow ? `${overflow.code}:${overflow.used}` : null).toBe(expected);
  });

  it('counts seats after a batch per product', () => {
    expect(seatsAfter(counts(1), [gain, lose, { before: [], after: ['CIMS'] }])).toEqual([
      { code: 'ELN', seats: 2, used: 1 },
      { code: 'CIMS', seats: null, used: 1 },
    ]);
  });
});

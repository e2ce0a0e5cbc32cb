import { describe, expect, it } from 'vitest';
import { canWithdraw, interfaceStatusName, prettyBody } from '../../../domain/rules/interface-monitor';

describe('interface monitor rules', () => {
  it.each([
    [0, 'queued'],
    [1, 'success'],
    [2, 'fail'],
    [4, 'canceled'],
    [-1, 'all'],
    [9, 'fail'],
  ] as const)('names sync status %i %s', (status, name) => {
    expect(interfaceStatusName(status)).toBe(name);
  });

  it.each([
    [{ SyncStatus: 0, DueTime: 2000 }, 1000, true],
    [{ SyncStatus: 0, DueTime: 1000 }, 1000, false],
    [{ SyncStatus: 0, DueTime: null }, 1000, false],
    [{ SyncStatus: 1, DueTime: 2000 }, 1000, false],
    [{ SyncStatus: 4, DueTime: 2000 }, 1000, false],
  ])('withdraw of %o at %i: %s', (row, now, expected) => {
    expect(canWithdraw(row, now)).toBe(expected);
  });

  it('indents a JSON body and leaves anything else as it is', () => {
    expect(prettyBody('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyBody('not json')).toBe('not json');
    expect(prettyBody('')).toBe('');
  });
});

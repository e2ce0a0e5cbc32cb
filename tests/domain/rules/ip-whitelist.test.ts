import { describe, expect, it } from 'vitest';
import { describeWhitelist, whitelistApplies, whitelistLines } from '../../../domain/rules/ip-whitelist';

describe('whitelistApplies', () => {
  it.each([
    [{ enabled: false, isAdmin: false, unrestricted: false }, false],
    [{ enabled: true, isAdmin: false, unrestricted: false }, true],
    [{ enabled: true, isAdmin: true, unrestricted: false }, false],
    [{ enabled: true, isAdmin: false, unrestricted: true }, false],
  ])('%j -> %s', (input, applies) => {
    expect(whitelistApplies(input)).toBe(applies);
  });
});

describe('whitelistLines', () => {
  it('trims lines and drops blank ones', () => {
    expect(whitelistLines(' 10.0.0.0/8 \r\n\n  \n::1')).toEqual(['10.0.0.0/8', '::1']);
  });
});

describe('describeWhitelist', () => {
  it('names the switch and the lines, shortening a long list', () => {
    expect(describeWhitelist(true, ['10.0.0.0/8'])).toBe('on, 1 line: 10.0.0.0/8');
    expect(describeWhitelist(false, [])).toBe('off, 0 lines');
    const many = Array.from({ length: 25 }, (_, i) => `10.0.0.${i}`);
    expect(describeWhitelist(true, many)).toMatch(/\.\.\. \(5 more\)$/);
  });
});

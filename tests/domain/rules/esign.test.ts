import { describe, expect, it } from 'vitest';
import {
  effectiveEsignMode,
  ESIGN_LOCK_MS,
  esignLocked,
  esignLockHolds,
  esignLockUntil,
  esignTriesLeft,
  esignPasswordProblem,
  esignSettingsProblem,
  type EsignSettings,
} from '../../../domain/rules/esign';

const settings = (strength: EsignSettings['strength'], minLength = 6): EsignSettings => ({
  strength,
  minLength,
  allowSameAsLogin: false,
});

describe('esignSettingsProblem', () => {
  it.each([
    [5, 'errors.esign.minLength'],
    [6, null],
    [32, null],
    [33, 'errors.esign.minLength'],
    [6.5, 'errors.esign.minLength'],
  ])('minimum length %s gives %s', (minLength, problem) => {
    expect(esignSettingsProblem(settings('low', minLength))).toBe(problem);
  });
});

describe('esignPasswordProblem', () => {
  it.each([
    ['abc12', 'low', false, 'errors.esign.tooShort'],
    ['abcdef', 'low', false, null],
    ['abcdef', 'medium', false, 'errors.esign.weak'],
    ['abc123', 'medium', false, null],
    ['abc123', 'strong', false, 'errors.esign.weak'],
    ['abc12!', 'strong', false, null],
    ['abc12!', 'strong', true, 'errors.esign.sameAsLogin'],
    ['x'.repeat(65), 'low', false, 'errors.esign.tooLong'],
  ] as const)('%s at %s (equal to login: %s) gives %s', (password, strength, same, problem) => {
    expect(esignPasswordProblem(password, password, settings(strength), same)).toBe(problem);
  });

  it('refuses a confirmation that differs', () => {
    expect(esignPasswordProblem('abc123', 'abc124', settings('low'), false)).toBe('errors.esign.mismatch');
  });
});

describe('esignLocked', () => {
  const now = 1_000_000_000;
  it.each([
    [4, now, false],
    [5, now - 1000, true],
    [5, now - ESIGN_LOCK_MS, false],
    [9, null, false],
  ])('%i failures, the last at %s: locked %s', (failures, last, locked) => {
    expect(esignLocked(failures, last, now)).toBe(locked);
  });
});

describe('effectiveEsignMode', () => {
  it.each([
    [null, false, 'none'],
    ['separate', false, 'separate'],
    ['login', true, 'login'],
    ['login', false, 'none'],
  ] as const)('stored %s with same-as-login allowed %s is %s', (stored, allow, mode) => {
    expect(effectiveEsignMode(stored, { ...settings('low'), allowSameAsLogin: allow })).toBe(mode);
  });
});

describe('esignLockUntil, esignLockHolds and esignTriesLeft', () => {
  const now = 2_000_000_000;
  it('locks at the fifth failure in a row for 30 minutes', () => {
    expect(esignLockUntil(4, now)).toBeNull();
    expect(esignLockUntil(5, now)).toBe(now + ESIGN_LOCK_MS);
    expect([esignTriesLeft(0), esignTriesLeft(3), esignTriesLeft(7)]).toEqual([5, 2, 0]);
  });
  it.each([
    [null, false],
    [now + 1, true],
    [now, false],
  ])('a lock until %s holds: %s', (until, holds) => {
    expect(esignLockHolds(until, now)).toBe(holds);
  });
  it('refuses an empty password as required', () => {
    expect(esignPasswordProblem('', '', settings('low'), false)).toBe('errors.esign.required');
  });
});

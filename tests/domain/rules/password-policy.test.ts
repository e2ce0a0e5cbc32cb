import { describe, expect, it } from 'vitest';
import { isCommonPassword } from '../../../domain/rules/common-passwords';
import {
  checkPassword,
  DEFAULT_PASSWORD_POLICY,
  normalizePassword,
  parseExpiry,
  passwordChangeReason,
  passwordExpiresAt,
  passwordLength,
  passwordProblemError,
  type PasswordPolicy,
  passwordRequirements,
} from '../../../domain/rules/password-policy';

const strict: PasswordPolicy = {
  ...DEFAULT_PASSWORD_POLICY,
  minLength: 6,
  maxLength: 30,
  requiredClasses: ['upper', 'lower', 'digit', 'symbol'],
};
const context = { isCommon: isCommonPassword, accountNames: ['13900000001', 'Zhangwei.Lab@Acme.test'] };

describe('checkPassword', () => {
  it.each([
    ['a long passphrase under the defaults', 'correct horse battery staple', DEFAULT_PASSWORD_POLICY, []],
    ['7 characters under the default minimum of 8', 'xk3!Lqa', DEFAULT_PASSWORD_POLICY, ['tooShort']],
    ['no composition rule by default', 'zqxjkvbnwmtr', DEFAULT_PASSWORD_POLICY, []],
    ['a common password', 'password1', DEFAULT_PASSWORD_POLICY, ['common']],
    ['a common password in capitals', 'PASSWORD1', DEFAULT_PASSWORD_POLICY, ['common']],
    ['a common password typed full-width', 'ｐａｓｓｗｏｒｄ１', DEFAULT_PASSWORD_POLICY, ['common']],
    ['the mobile number as password', '13900000001', DEFAULT_PASSWORD_POLICY, ['accountName']],
    ['the email as password', 'zhangwei.lab@acme.test', DEFAULT_PASSWORD_POLICY, ['accountName']],
    [
      "the email's local part as password",
      'ZHANGWEI.LAB',
      { ...DEFAULT_PASSWORD_POLICY, minLength: 6 },
      ['accountName'],
    ],
    ['all four classes at 6', 'Ab3$xy', strict, []],
    ['no upper case', 'ab3$xyz', strict, ['missingClass']],
    ['no symbol or digit', 'Abcdefg', strict, ['missingClass', 'missingClass']],
    ['31 characters over a maximum of 30', 'Ab3$'.padEnd(31, 'x'), strict, ['tooLong']],
    [
      'Chinese characters count as letters',
      '实验室密码很长很长',
      { ...strict, requiredClasses: ['letter'] },
      [],
    ],
    ['a space counts as a symbol', 'Ab3 xyzw', strict, []],
  ] as const)('%s', (_name, password, policy, rules) => {
    expect(checkPassword(password, policy, context).map((problem) => problem.rule)).toEqual(rules);
  });

  it('names each missing class', () => {
    const problems = checkPassword('abcdefgh', strict, context);
    expect(problems.map((problem) => passwordProblemError(problem).key)).toEqual([
      'errors.password.needsUpper',
      'errors.password.needsDigit',
      'errors.password.needsSymbol',
    ]);
  });

  it('gives the limit with a length problem', () => {
    expect(passwordProblemError({ rule: 'tooShort', min: 8 })).toEqual({
      key: 'errors.password.tooShort',
      params: { min: 8 },
    });
  });

  it('judges a 1,000-character password whole, not a truncated prefix', () => {
    const long = `${'x'.repeat(999)}!`;
    expect(checkPassword(long, { ...strict, maxLength: 1024, requiredClasses: ['symbol'] })).toEqual([]);
    expect(checkPassword(long, { ...strict, maxLength: 999 })[0]).toEqual({ rule: 'tooLong', max: 999 });
  });
});

describe('normalizePassword and passwordLength', () => {
  it.each([
    ['ASCII is unchanged', 'Lab#Pass2026', 'Lab#Pass2026', 12],
    ['full-width becomes ASCII', 'Ｌａｂ＃１', 'Lab#1', 5],
    ['a decomposed accent is composed', 'cafe\u0301', 'café', 4],
    ['an emoji is one character', 'pass🔑word', 'pass🔑word', 9],
    ['spaces are kept', '  two  spaces  ', '  two  spaces  ', 15],
  ])('%s', (_name, typed, normalised, length) => {
    expect(normalizePassword(typed)).toBe(normalised);
    expect(passwordLength(normalizePassword(typed))).toBe(length);
  });
});

describe('parseExpiry and passwordExpiresAt', () => {
  const changedAt = Date.UTC(2026, 0, 31, 8, 0, 0);
  it.each([
    ['never', 'never', null],
    ['10m', '10m', changedAt + 10 * 60_000],
    ['30m', '30m', changedAt + 30 * 60_000],
    ['1h', '1h', changedAt + 3_600_000],
    ['24h', '24h', changedAt + 86_400_000],
    ['1month', '1months', Date.UTC(2026, 1, 28, 8, 0, 0)],
    ['60months', '60months', Date.UTC(2031, 0, 31, 8, 0, 0)],
  ] as const)('%s', (text, expiry, expiresAt) => {
    expect(parseExpiry(text)).toBe(expiry);
    expect(passwordExpiresAt(changedAt, expiry)).toBe(expiresAt);
  });

  it.each(['', '0months', '121months', '2h', 'forever', '-1months'])('refuses %j', (text) => {
    expect(parseExpiry(text)).toBeNull();
  });
});

describe('passwordChangeReason', () => {
  const base = {
    mustChange: false,
    changedAt: 0,
    policy: DEFAULT_PASSWORD_POLICY,
    now: 1,
    meetsPolicy: true,
  };
  const expiring: PasswordPolicy = { ...DEFAULT_PASSWORD_POLICY, expiry: '10m' };
  it.each([
    ['nothing to change', base, null],
    ['an initial password', { ...base, mustChange: true, meetsPolicy: false }, 'initial'],
    ['a password that no longer meets the policy', { ...base, meetsPolicy: false }, 'weak'],
    ['an expired password', { ...base, policy: expiring, now: 600_000 }, 'expired'],
    ['not yet expired', { ...base, policy: expiring, now: 599_999 }, null],
    [
      'expired and weak says expired',
      { ...base, policy: expiring, now: 600_000, meetsPolicy: false },
      'expired',
    ],
  ] as const)('%s', (_name, input, reason) => {
    expect(passwordChangeReason(input)).toBe(reason);
  });
});

describe('passwordRequirements', () => {
  it('lists length and each required class with whether the typed password meets it', () => {
    expect(passwordRequirements('abc1', strict)).toEqual([
      { key: 'password.rules.length', params: { min: 6, max: 30 }, met: false },
      { key: 'password.rules.upper', met: false },
      { key: 'password.rules.lower', met: true },
      { key: 'password.rules.digit', met: true },
      { key: 'password.rules.symbol', met: false },
    ]);
  });

  it('shows only the length under the defaults', () => {
    expect(passwordRequirements('a long enough one', DEFAULT_PASSWORD_POLICY)).toEqual([
      { key: 'password.rules.length', params: { min: 8, max: 128 }, met: true },
    ]);
  });
});

describe('the shipped blocklist', () => {
  it.each(['123456', 'password', 'qwerty', 'iloveyou', 'a123456789', 'p@ssw0rd'])('holds %s', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it('does not hold a random password', () => {
    expect(isCommonPassword('lab#pass2026')).toBe(false);
  });
});

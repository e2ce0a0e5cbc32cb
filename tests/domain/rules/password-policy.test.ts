import { describe, expect, it } from 'vitest';
import { estimateGuessability } from '../../../domain/rules/password-estimator';
import {
  checkPassword,
  DEFAULT_PASSWORD_POLICY,
  defaultPasswordPolicy,
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
const context = {
  estimate: estimateGuessability,
  ownWords: {
    accountNames: ['13900000001', 'Zhangwei.Lab@Acme.test'],
    realName: 'Zhang Wei',
    organizationName: 'Huadong Chemistry Institute',
  },
};
const twoFactor = defaultPasswordPolicy('always');

describe('checkPassword', () => {
  it.each([
    ['a long passphrase under the defaults', 'correct horse battery staple', DEFAULT_PASSWORD_POLICY, []],
    [
      '14 characters under the default minimum of 15',
      'vK8#qTz2mW4!pL',
      DEFAULT_PASSWORD_POLICY,
      ['tooShort'],
    ],
    ['15 unguessable characters', 'vK8#qTz2mW4!pLx', DEFAULT_PASSWORD_POLICY, []],
    ['9 characters are enough with a second factor', 'vK8#qTz2m', twoFactor, []],
    ['8 characters are estimated just under 10^8 guesses', 'vK8#qTz2', twoFactor, ['guessable']],
    ['7 characters are not, even with a second factor', 'vK8#qTz', twoFactor, ['tooShort', 'guessable']],
    ['no composition rule by default', 'zqxjkvbnwmtrplsd', DEFAULT_PASSWORD_POLICY, []],
    ['a common password', 'password1', twoFactor, ['guessable']],
    ['a common password in capitals', 'PASSWORD1', twoFactor, ['guessable']],
    ['a common password typed full-width', 'ｐａｓｓｗｏｒｄ１', twoFactor, ['guessable']],
    ['a digit run of 15', '123456789012345', DEFAULT_PASSWORD_POLICY, ['guessable']],
    ['a letter sequence', 'abcdefghijklmnop', DEFAULT_PASSWORD_POLICY, ['guessable']],
    ['a keyboard walk', 'qwertyuiopasdfgh', DEFAULT_PASSWORD_POLICY, ['guessable']],
    ['a keyboard walk in columns', '1qaz2wsx3edc4rfv', DEFAULT_PASSWORD_POLICY, ['guessable']],
    ["the organisation's name", 'HuadongChemistryInstitute', DEFAULT_PASSWORD_POLICY, ['guessable']],
    ["the organisation's name with a year", 'huadong chemistry 2026', DEFAULT_PASSWORD_POLICY, ['guessable']],
    ["a part of the organisation's name with a year", 'Huadong-2026!', twoFactor, ['guessable']],
    ["the member's name and the email's words", 'Wei.Zhang@Lab.2026', twoFactor, ['guessable']],
    [
      "the organisation's name among other words",
      'huadong kites drift over amber fields',
      DEFAULT_PASSWORD_POLICY,
      [],
    ],
    ["the member's name repeated", 'ZhangWeiZhangWei', DEFAULT_PASSWORD_POLICY, ['guessable']],
    ['the mobile number as password', '13900000001', twoFactor, ['accountName', 'guessable']],
    ['the email as password', 'zhangwei.lab@acme.test', twoFactor, ['accountName', 'guessable']],
    ["the email's local part as password", 'ZHANGWEI.LAB', twoFactor, ['accountName', 'guessable']],
    ['all four classes at 6', 'Kq3$vz', { ...strict, minLength: 6 }, ['guessable']],
    ['no upper case', 'kq3$vzmwpt8!', strict, ['missingClass']],
    ['no symbol or digit', 'Kqvzmwptxjdh', strict, ['missingClass', 'missingClass']],
    ['31 characters over a maximum of 30', 'Kq3$vzmwptXd8!rbnfhyGc2#wsJe7%u', strict, ['tooLong']],
    [
      'Chinese characters count as letters',
      '实验室的密码要足够长才安全可靠好记',
      { ...DEFAULT_PASSWORD_POLICY, requiredClasses: ['letter'] },
      [],
    ],
    ['a space counts as a symbol', 'Kq3 vzmwptXd', strict, []],
  ] as const)('%s', (_name, password, policy, rules) => {
    expect(checkPassword(password, policy, context).map((problem) => problem.rule)).toEqual(rules);
  });

  it('says why a password is guessable, with a key of our own catalogue', () => {
    const reason = (password: string) =>
      checkPassword(password, DEFAULT_PASSWORD_POLICY, context).map(
        (problem) => passwordProblemError(problem).key,
      );
    expect(reason('abcdefghijklmnop')).toEqual(['errors.password.guessable.sequences']);
    expect(reason('aaaaaaaaaaaaaaaa')).toEqual(['errors.password.guessable.simpleRepeat']);
    expect(reason('HuadongChemistryInstitute')).toEqual(['errors.password.guessable.userInputs']);
    expect(reason('123456789012345')).toEqual(['errors.password.guessable.similarToCommon']);
  });

  it('checks no guessability without an estimator (a page whose estimator has not loaded)', () => {
    expect(checkPassword('123456789012345', DEFAULT_PASSWORD_POLICY)).toEqual([]);
  });

  it('names each missing class', () => {
    const problems = checkPassword('kqvzmwptxjdh', strict, context);
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
      { key: 'password.rules.length', params: { min: 15, max: 128 }, met: true },
    ]);
  });
});

describe('defaultPasswordPolicy', () => {
  it.each([
    ['off', 15],
    ['new-device', 15],
    ['always', 8],
  ] as const)('security verification %s: a minimum of %i (NIST SP 800-63B-4)', (mode, min) => {
    expect(defaultPasswordPolicy(mode)).toEqual({ ...DEFAULT_PASSWORD_POLICY, minLength: min });
  });
});

import { describe, expect, it } from 'vitest';
import { translate } from '../../../domain/i18n';
import { estimateGuessability } from '../../../domain/rules/password-estimator';
import {
  GUESSABILITY_SUGGESTIONS,
  GUESSABILITY_WARNINGS,
  guessableError,
  isOwnWordsDerivative,
  judgeGuessability,
  passwordUserInputs,
  suggestionMessage,
  suggestionsOf,
  warningOf,
} from '../../../domain/rules/password-guessability';
import { nistPolicyAdvice } from '../../../domain/rules/password-policy-advice';
import { DEFAULT_PASSWORD_POLICY } from '../../../domain/rules/password-policy';

const words = {
  accountNames: ['13900000001', 'Zhangwei.Lab@Acme.test'],
  realName: '林晓 Lin Xiao',
  organizationName: 'Acme Biotech',
};

describe('passwordUserInputs', () => {
  it('lists each name whole, run together and word by word, with the email local part', () => {
    expect(passwordUserInputs(words)).toEqual([
      '13900000001',
      'zhangwei.lab@acme.test',
      'zhangweilabacmetest',
      'zhangwei',
      'lab',
      'acme',
      'test',
      'zhangwei.lab',
      'zhangweilab',
      '林晓 lin xiao',
      '林晓linxiao',
      '林晓',
      'lin',
      'xiao',
      'acme biotech',
      'acmebiotech',
      'biotech',
    ]);
  });

  it('skips missing names and normalises full-width ones', () => {
    expect(passwordUserInputs({ accountNames: [null, undefined, ''], organizationName: 'ＡＣＭＥ' })).toEqual(
      ['acme'],
    );
  });
});

describe('isOwnWordsDerivative', () => {
  it.each([
    ['the organisation name with digits and symbols', 'AcmeBiotech@2026', true],
    ['a part of it repeated', 'acme-acme-acme-1', true],
    ["the member's names with a year", '林晓LinXiao2026', true],
    ['email words in another order', 'Test.Lab.Zhangwei', true],
    ['own words among others', 'acme purple kites fly', false],
    ['symbols between own words', '13900000001-13900000001', true],
    ['more random matter than own words', 'acme83920174659', false],
    ['the mobile number itself', '13900000001', true],
    ['digits that are no own word', '83920174659', false],
  ])('%s', (_name, password, expected) => {
    expect(isOwnWordsDerivative(password, words)).toBe(expected);
  });
});

describe('judgeGuessability', () => {
  it('refuses a derivative of the own words even before the estimator is loaded', () => {
    expect(judgeGuessability('acmebiotech2026', words, undefined)).toEqual({
      guessable: true,
      warning: 'userInputs',
      suggestions: ['anotherWord'],
    });
  });

  it('cannot tell anything else without the estimator', () => {
    expect(judgeGuessability('123456789012345', words, undefined)).toBeNull();
  });

  it.each([
    ['123456789012345', 'similarToCommon'],
    ['qwertyuiop[]asdf', 'straightRow'],
    ['qazwsxedcrfvtgby', 'generic'],
    ['aaaaaaaaaaaaaaaa', 'simpleRepeat'],
    ['abcabcabcabcabcabc', 'extendedRepeat'],
    ['abcdefghijklmnop', 'sequences'],
    ['iloveyou', 'topHundred'],
    ['13900000001', 'userInputs'],
  ])('refuses %j: %s', (password, warning) => {
    expect(judgeGuessability(password, words, estimateGuessability)).toMatchObject({
      guessable: true,
      warning,
    });
  });

  it.each(['correct horse battery staple', 'vK8#qTz2m', 'Lab#Pass2026-Quartz'])('accepts %j', (password) => {
    expect(judgeGuessability(password, words, estimateGuessability)).toEqual({
      guessable: false,
      warning: null,
      suggestions: [],
    });
  });
});

describe("zxcvbn's categories", () => {
  it('reads an unknown warning as generic and drops unknown suggestions', () => {
    expect(warningOf('aNewCategory')).toBe('generic');
    expect(warningOf(null)).toBeNull();
    expect(suggestionsOf(['sequences', 'pwned', 'somethingNew'])).toEqual(['sequences']);
  });

  it.each(['zh-CN', 'en-US'] as const)('each has its own message in %s', (language) => {
    for (const warning of GUESSABILITY_WARNINGS) {
      expect(translate(language, guessableError(warning))).not.toBe(guessableError(warning));
    }
    for (const suggestion of GUESSABILITY_SUGGESTIONS) {
      expect(translate(language, suggestionMessage(suggestion))).not.toBe(suggestionMessage(suggestion));
    }
  });
});

describe('nistPolicyAdvice', () => {
  const policy = DEFAULT_PASSWORD_POLICY;
  it('says nothing of the defaults', () => {
    expect(nistPolicyAdvice(policy, 15)).toEqual([]);
    expect(nistPolicyAdvice({ ...policy, minLength: 8 }, 8)).toEqual([]);
  });

  it('names each weaker choice with what NIST recommends', () => {
    const weak = { minLength: 8, maxLength: 30, requiredClasses: ['digit'] as const, expiry: '24h' as const };
    expect(nistPolicyAdvice(weak, 15)).toEqual([
      {
        field: 'minLength',
        key: 'governance.passwordPolicy.nist.minLengthSingleFactor',
        params: { min: 15, multiFactor: 8 },
      },
      { field: 'maxLength', key: 'governance.passwordPolicy.nist.maxLength', params: { max: 64 } },
      { field: 'requiredClasses', key: 'governance.passwordPolicy.nist.classes' },
      { field: 'expiry', key: 'governance.passwordPolicy.nist.expiry' },
    ]);
    expect(nistPolicyAdvice({ ...policy, minLength: 6 }, 8)).toEqual([
      {
        field: 'minLength',
        key: 'governance.passwordPolicy.nist.minLengthMultiFactor',
        params: { min: 8, multiFactor: 8 },
      },
    ]);
  });
});

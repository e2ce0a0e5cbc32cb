import type { Catalogue } from '../catalogue-type';
import type { guessablePasswordErrors as zh } from '../zh-CN/password-errors';

/**
 * Why a new password is refused as guessable, one message per category of the estimator
 * (domain/rules/password-guessability.ts). Not in the first-paint part: only password pages show them.
 */
export const guessablePasswordErrors: Catalogue<typeof zh> = {
  generic:
    'Does not meet minimum security requirements: this password is too easy to guess. Make it longer, for example with a few unrelated words',
  straightRow: 'Does not meet minimum security requirements: a straight row of keys is easy to guess',
  keyPattern: 'Does not meet minimum security requirements: a short keyboard pattern is easy to guess',
  simpleRepeat:
    'Does not meet minimum security requirements: repeated characters like "aaa" are easy to guess',
  extendedRepeat:
    'Does not meet minimum security requirements: repeated patterns like "abcabcabc" are easy to guess',
  sequences:
    'Does not meet minimum security requirements: sequences like "abc" or "123456" are easy to guess',
  recentYears: 'Does not meet minimum security requirements: recent years are easy to guess',
  dates: 'Does not meet minimum security requirements: dates are easy to guess',
  topTen: 'Does not meet minimum security requirements: this is one of the ten most used passwords',
  topHundred: 'Does not meet minimum security requirements: this is one of the hundred most used passwords',
  common:
    'Does not meet minimum security requirements: this is a commonly used password (it appears in leaked password lists)',
  similarToCommon:
    'Does not meet minimum security requirements: this is too similar to a commonly used password',
  wordByItself: 'Does not meet minimum security requirements: a single word is easy to guess',
  namesByThemselves: 'Does not meet minimum security requirements: names or surnames alone are easy to guess',
  commonNames: 'Does not meet minimum security requirements: common names and surnames are easy to guess',
  userInputs:
    "Does not meet minimum security requirements: do not use your account, your name or your organisation's name",
};

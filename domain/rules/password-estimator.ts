import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary } from '@zxcvbn-ts/language-en';
import { type EstimateGuessability, suggestionsOf, warningOf } from './password-guessability';

/**
 * How many characters of a password are estimated. Past 64 characters a password is judged by its first 64
 * (a password whose first 64 are guessable is refused); the estimate's work grows with the square of the
 * length, and 64 keeps it to milliseconds on the server, where it runs on the event loop.
 */
export const ESTIMATED_LENGTH = 64;

/**
 * How many l33t spellings of each part are tried (zxcvbn's default is 100). The common ones (`p@ssw0rd`,
 * `@dm1n`) are among the first tried; past about ten, each check of a long password took a large part of a
 * second for no change in any score we measured.
 */
const L33T_SPELLINGS = 10;

let factory: ZxcvbnFactory | null = null;

/** Built on first use: the dictionaries are ranked then (about a tenth of a second, once a process). */
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...englishDictionary },
    graphs: adjacencyGraphs,
    maxLength: ESTIMATED_LENGTH,
    l33tMaxSubstitutions: L33T_SPELLINGS,
    // No translations: zxcvbn then answers with its category names, which we map to our own messages.
  });
  return factory;
}

/**
 * zxcvbn's estimate with the common-password and English dictionaries and the keyboard layouts, the owner's
 * words as user inputs. The same on the server (the authority) and in the browser (the live feedback).
 */
export const estimateGuessability: EstimateGuessability = (password, userInputs) => {
  const result = estimator().check(password, [...userInputs]);
  return {
    score: result.score,
    warning: warningOf(result.feedback.warning),
    suggestions: suggestionsOf(result.feedback.suggestions),
  };
};

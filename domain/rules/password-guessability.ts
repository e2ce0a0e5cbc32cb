import type { ErrorKey, MessageKey } from '../i18n';

/**
 * Guessability of a new password (NIST SP 800-63B-4 §3.1.1.2: refuse common, expected or compromised values
 * and context-specific words), as estimated by zxcvbn: the categories it explains a guessable password with,
 * mapped to our own catalogue keys. The estimator itself, with its dictionaries, is in password-estimator.ts,
 * which the server imports and a client page loads only where a new password is typed.
 */

/** Why a password is guessable: zxcvbn's warning categories, and `generic` when it names none. */
export const GUESSABILITY_WARNINGS = [
  'straightRow',
  'keyPattern',
  'simpleRepeat',
  'extendedRepeat',
  'sequences',
  'recentYears',
  'dates',
  'topTen',
  'topHundred',
  'common',
  'similarToCommon',
  'wordByItself',
  'namesByThemselves',
  'commonNames',
  'userInputs',
  'generic',
] as const;
export type GuessabilityWarning = (typeof GUESSABILITY_WARNINGS)[number];

/** How to make it harder to guess: zxcvbn's suggestion categories. */
export const GUESSABILITY_SUGGESTIONS = [
  'anotherWord',
  'useWords',
  'noNeed',
  'l33t',
  'reverseWords',
  'allUppercase',
  'capitalization',
  'dates',
  'recentYears',
  'associatedYears',
  'sequences',
  'repeated',
  'longerKeyboardPattern',
] as const;
export type GuessabilitySuggestion = (typeof GUESSABILITY_SUGGESTIONS)[number];

/** zxcvbn's estimate of one password: its score, 0 (too guessable) to 4, and what it says about it. */
export interface GuessabilityEstimate {
  score: 0 | 1 | 2 | 3 | 4;
  warning: GuessabilityWarning | null;
  suggestions: GuessabilitySuggestion[];
}

/** The estimator: a password (normalised) and the words of its owner that make it easier to guess. */
export type EstimateGuessability = (password: string, userInputs: readonly string[]) => GuessabilityEstimate;

/**
 * The lowest zxcvbn score accepted: 3, "safely unguessable", more than 10^8 estimated guesses. Online
 * guessing is bounded far below that by the account lock (at most 50 failures,
 * PASSWORD_POLICY_LIMITS.lockAfter) and the per-address limit, so what the threshold must withstand is an
 * offline attack on a stolen hash: at argon2id's cost (tens of guesses a second per core) 10^8 guesses in the
 * attacker's best order is years of one core's work. Score 2 (10^6) lets `Summer2024!`, `dragon!dragon` and
 * `P@ssw0rd2024`-like passwords through. Score 4 (10^10) would refuse most passwords of 9 to 11 characters.
 * zxcvbn puts any 8 characters at 10^8 guesses, just under score 3: with NIST's 8-character minimum (a
 * second factor), a password needs at least 9 characters, or 8 is the floor and the estimate decides.
 */
export const MIN_GUESSABILITY_SCORE = 3;

/** Whether an estimate is too guessable to accept. */
export const isGuessable = (estimate: GuessabilityEstimate) => estimate.score < MIN_GUESSABILITY_SCORE;

/** zxcvbn's category names as ours (a category of a later version we do not know reads as `generic`). */
export function warningOf(category: string | null): GuessabilityWarning | null {
  if (!category) return null;
  return GUESSABILITY_WARNINGS.find((known) => known === category) ?? 'generic';
}

export function suggestionsOf(categories: readonly string[]): GuessabilitySuggestion[] {
  return GUESSABILITY_SUGGESTIONS.filter((known) => categories.includes(known));
}

/** The refusal that says why a password is guessable. */
export const guessableError = (warning: GuessabilityWarning): ErrorKey =>
  `errors.password.guessable.${warning}`;

/** The hint line of a suggestion. */
export const suggestionMessage = (suggestion: GuessabilitySuggestion): MessageKey =>
  `password.suggestions.${suggestion}`;

/** The words of a password's owner an attacker would try first (NIST: context-specific words). */
export interface PasswordOwnWords {
  /** The account's sign-in names: mobile, email (its local part and the parts of that count too). */
  accountNames?: ReadonlyArray<string | null | undefined>;
  /** The member's name. */
  realName?: string | null;
  /** The organisation's name. */
  organizationName?: string | null;
}

/**
 * Whether a part of a name is long enough to count on its own: three letters or digits (any password would
 * "contain" shorter ones), two Chinese characters (a whole given name or a surname and name).
 */
const longEnough = (part: string) => [...part].length >= (/^\p{Script=Han}+$/u.test(part) ? 2 : 3);

/** A name, its letters and digits run together, and each word of it (letters or digits). */
function wordsOf(value: string): string[] {
  const text = value.normalize('NFKC').toLowerCase().trim();
  if (!text) return [];
  const parts = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  return [text, parts.join(''), ...parts.filter(longEnough)];
}

/**
 * The user inputs zxcvbn matches a password against: each account name whole, an email's local part and its
 * parts, the member's and the organisation's names whole, run together and word by word. Lower case,
 * without repeats.
 */
export function passwordUserInputs(words: PasswordOwnWords): string[] {
  const inputs: string[] = [];
  for (const name of words.accountNames ?? []) {
    if (!name) continue;
    const at = name.lastIndexOf('@');
    inputs.push(...wordsOf(name));
    if (at > 0) inputs.push(...wordsOf(name.slice(0, at)));
  }
  if (words.realName) inputs.push(...wordsOf(words.realName));
  if (words.organizationName) inputs.push(...wordsOf(words.organizationName));
  return [...new Set(inputs.filter((input) => input.length > 0))];
}

const lettersOf = (text: string) => text.replace(/[^\p{L}]/gu, '');
const alphanumericsOf = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '');

/** Whether a text is nothing but the given parts, one after another (each as often as it likes). */
function madeOf(text: string, parts: ReadonlySet<string>): boolean {
  if (text.length === 0 || parts.size === 0) return false;
  const longest = Math.max(...[...parts].map((part) => part.length));
  // reachable[i]: the first i characters are parts one after another.
  const reachable = [true, ...Array<boolean>(text.length).fill(false)];
  for (let end = 1; end <= text.length; end += 1) {
    for (let start = Math.max(0, end - longest); start < end && !reachable[end]; start += 1) {
      reachable[end] = reachable[start] && parts.has(text.slice(start, end));
    }
  }
  return reachable[text.length];
}

/**
 * Whether a (normalised) password is mostly the owner's words, whole or in parts, once or repeated, in any
 * order: its letters are own words and at most as many digits and symbols are added (`Huadong-2026!`,
 * `ZhangWei2026`), or its letters and digits are and at most as many symbols are added
 * (`13900000077-13900000077`). Derivatives of the account's, the member's or the organisation's names that
 * zxcvbn can underrate (each thing around a user input counts as guesses of its own); NIST lists them among
 * the context-specific words to refuse. A name with more random matter than name is left to the estimator.
 */
export function isOwnWordsDerivative(password: string, words: PasswordOwnWords): boolean {
  const inputs = passwordUserInputs(words);
  const lower = password.toLowerCase();
  const total = [...lower].length;
  const derived = (keep: (text: string) => string) => {
    const kept = keep(lower);
    const keptLength = [...kept].length;
    return total - keptLength <= keptLength && madeOf(kept, new Set(inputs.map(keep).filter(longEnough)));
  };
  return derived(lettersOf) || derived(alphanumericsOf);
}

/** Whether a password is guessable and why, with how to make it harder to guess. */
export interface GuessabilityVerdict {
  guessable: boolean;
  warning: GuessabilityWarning | null;
  suggestions: GuessabilitySuggestion[];
}

/**
 * The verdict on a normalised, non-empty password: guessable when it is made of the owner's words, or when
 * the estimator puts it under MIN_GUESSES_LOG10. Null when it cannot be told yet (no estimator loaded).
 */
export function judgeGuessability(
  password: string,
  words: PasswordOwnWords,
  estimate: EstimateGuessability | undefined,
): GuessabilityVerdict | null {
  if (isOwnWordsDerivative(password, words)) {
    return { guessable: true, warning: 'userInputs', suggestions: ['anotherWord'] };
  }
  if (!estimate) return null;
  const result = estimate(password, passwordUserInputs(words));
  return isGuessable(result)
    ? { guessable: true, warning: result.warning ?? 'generic', suggestions: result.suggestions }
    : { guessable: false, warning: null, suggestions: [] };
}

import {
  ACCOUNT_LOCK_FAILURES,
  HOUR_MS,
  LOGIN_PASSWORD_MAX_LENGTH,
  MINUTE_MS,
  type SecondaryVerificationMode,
} from '../constants';
import type { ErrorKey, MessageKey, MessageParams } from '../i18n';
import {
  type EstimateGuessability,
  guessableError,
  type GuessabilityVerdict,
  type GuessabilityWarning,
  judgeGuessability,
  type PasswordOwnWords,
} from './password-guessability';

/** Character classes an organisation may require (SPEC §5): upper, lower, digit, symbol, any letter. */
export const CHARACTER_CLASSES = ['upper', 'lower', 'digit', 'symbol', 'letter'] as const;
export type CharacterClass = (typeof CHARACTER_CLASSES)[number];

/** Expiry choices of SPEC §3/§9: 10 min, 30 min, 1 h, 24 h, whole months, or never. */
export type PasswordExpiry = 'never' | '10m' | '30m' | '1h' | '24h' | `${number}months`;

/** An organisation's password policy. */
export interface PasswordPolicy {
  minLength: number;
  maxLength: number;
  requiredClasses: readonly CharacterClass[];
  expiry: PasswordExpiry;
  /** A new password must differ from the current one and from this many before it. */
  historyDepth: number;
  /** Failed sign-ins (or old-password checks) that lock the account. */
  lockAfter: number;
}

/**
 * NIST SP 800-63B-4 §3.1.1.2's minimum lengths: 15 characters when the password is the only factor, 8 when it
 * is one of two (security verification `always`: a code to the phone or email after every password).
 */
export const NIST_MIN_LENGTH = { singleFactor: 15, multiFactor: 8 } as const;

/** The minimum length NIST asks for under an organisation's security verification mode. */
export const recommendedMinLength = (mode: SecondaryVerificationMode): number =>
  mode === 'always' ? NIST_MIN_LENGTH.multiFactor : NIST_MIN_LENGTH.singleFactor;

/**
 * Defaults after NIST SP 800-63B-4 for a password that is the only factor: at least 15 characters, no
 * composition rule, no expiry, guessable passwords refused (the estimator is the caller's), long passwords
 * allowed. SPEC's classes and expiry are options.
 */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: NIST_MIN_LENGTH.singleFactor,
  maxLength: 128,
  requiredClasses: [],
  expiry: 'never',
  historyDepth: 5,
  lockAfter: ACCOUNT_LOCK_FAILURES,
};

/**
 * The policy of an organisation that has saved none: the defaults, with NIST's minimum for its security
 * verification mode (8 when every sign-in also needs a code, else 15). Once an administrator or operator
 * saves a policy, the saved one holds whatever the mode becomes.
 */
export function defaultPasswordPolicy(mode: SecondaryVerificationMode): PasswordPolicy {
  return { ...DEFAULT_PASSWORD_POLICY, minLength: recommendedMinLength(mode) };
}

/** The bounds an administrator or operator may set. */
export const PASSWORD_POLICY_LIMITS = {
  length: { min: 1, max: LOGIN_PASSWORD_MAX_LENGTH },
  historyDepth: { min: 0, max: 24 },
  lockAfter: { min: 3, max: 50 },
  expiryMonths: { min: 1, max: 120 },
} as const;

const SHORT_EXPIRY_MS: Record<string, number> = {
  '10m': 10 * MINUTE_MS,
  '30m': 30 * MINUTE_MS,
  '1h': HOUR_MS,
  '24h': 24 * HOUR_MS,
};

/** Reads an expiry as written in the policy (`never`, `10m`, `30m`, `1h`, `24h`, `<n>months`), or null. */
export function parseExpiry(text: string): PasswordExpiry | null {
  const value = text.trim();
  if (value === 'never' || value in SHORT_EXPIRY_MS) return value as PasswordExpiry;
  const months = /^(\d{1,3})months?$/.exec(value);
  if (!months) return null;
  const n = Number(months[1]);
  const { min, max } = PASSWORD_POLICY_LIMITS.expiryMonths;
  return n >= min && n <= max ? `${n}months` : null;
}

/** When a password set at `changedAt` expires under `expiry` (months are calendar months, UTC), or null. */
export function passwordExpiresAt(changedAt: number, expiry: PasswordExpiry): number | null {
  if (expiry === 'never') return null;
  const short = SHORT_EXPIRY_MS[expiry];
  if (short !== undefined) return changedAt + short;
  const date = new Date(changedAt);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + Number.parseInt(expiry, 10));
  // 31 January + 1 month is the last day of February, not 3 March.
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}

/**
 * The form a password is checked and hashed in: Unicode NFKC, as NIST SP 800-63B-4 recommends, so the same
 * password typed with full-width characters (a Chinese input method's default) or precomposed accents is
 * the same password on every device. Nothing is trimmed or truncated.
 */
export function normalizePassword(password: string): string {
  return password.normalize('NFKC');
}

/** Length in Unicode code points (NIST: each code point counts as one character). */
export function passwordLength(password: string): number {
  let count = 0;
  for (const _ of password) count += 1;
  return count;
}

const CLASS_TESTS: Record<CharacterClass, RegExp> = {
  upper: /\p{Lu}/u,
  lower: /\p{Ll}/u,
  digit: /\p{Nd}/u,
  letter: /\p{L}/u,
  // Anything that is neither a letter nor a number: punctuation, symbols, spaces.
  symbol: /[^\p{L}\p{N}]/u,
};

/** Whether a password contains a character of the class. */
export function hasCharacterClass(password: string, characterClass: CharacterClass): boolean {
  return CLASS_TESTS[characterClass].test(password);
}

/** One reason a new password is refused. */
export type PasswordProblem =
  | { rule: 'tooShort'; min: number }
  | { rule: 'tooLong'; max: number }
  | { rule: 'missingClass'; characterClass: CharacterClass }
  | { rule: 'accountName' }
  | { rule: 'guessable'; warning: GuessabilityWarning };

export interface PasswordCheckContext {
  /**
   * The guessability estimator (password-estimator.ts): the server always passes it; a page passes it once
   * its chunk has loaded. Without it guessability is not checked.
   */
  estimate?: EstimateGuessability;
  /**
   * The owner's words: a password equal to an account name (mobile, email or its local part) is refused
   * outright, and all of them are the estimator's user inputs.
   */
  ownWords?: PasswordOwnWords;
}

/**
 * Whether a password is guessable as the policy judges it (normalised, the owner's words first, then the
 * estimator). Null for an empty password, or when only the estimator could tell and it is not at hand.
 */
export function passwordGuessability(
  password: string,
  context: PasswordCheckContext,
): GuessabilityVerdict | null {
  const normalized = normalizePassword(password);
  if (normalized.length === 0) return null;
  return judgeGuessability(normalized, context.ownWords ?? {}, context.estimate);
}

/**
 * Every rule of the policy a new password breaks, in the order they are shown: length, classes, the account's
 * own names (compared case-insensitively), then guessability. Takes the password as typed and normalises it
 * itself. An empty list means it is acceptable as far as the policy goes; differing from the current and
 * earlier passwords is checked against their hashes by the server.
 */
export function checkPassword(
  password: string,
  policy: PasswordPolicy,
  context: PasswordCheckContext = {},
): PasswordProblem[] {
  const normalized = normalizePassword(password);
  const problems: PasswordProblem[] = [];
  const length = passwordLength(normalized);
  if (length < policy.minLength) problems.push({ rule: 'tooShort', min: policy.minLength });
  if (length > policy.maxLength) problems.push({ rule: 'tooLong', max: policy.maxLength });
  for (const characterClass of CHARACTER_CLASSES) {
    if (policy.requiredClasses.includes(characterClass) && !hasCharacterClass(normalized, characterClass)) {
      problems.push({ rule: 'missingClass', characterClass });
    }
  }
  const lower = normalized.toLowerCase();
  const names = (context.ownWords?.accountNames ?? []).flatMap((name) => {
    if (!name) return [];
    const value = normalizePassword(name).toLowerCase();
    const at = value.indexOf('@');
    return at > 0 ? [value, value.slice(0, at)] : [value];
  });
  if (names.includes(lower)) problems.push({ rule: 'accountName' });
  const verdict = passwordGuessability(normalized, context);
  if (verdict?.guessable) problems.push({ rule: 'guessable', warning: verdict.warning ?? 'generic' });
  return problems;
}

const CLASS_ERRORS: Record<CharacterClass, ErrorKey> = {
  upper: 'errors.password.needsUpper',
  lower: 'errors.password.needsLower',
  digit: 'errors.password.needsDigit',
  symbol: 'errors.password.needsSymbol',
  letter: 'errors.password.needsLetter',
};

/** The error key (and its values) that names a problem to the user. */
export function passwordProblemError(problem: PasswordProblem): { key: ErrorKey; params?: MessageParams } {
  switch (problem.rule) {
    case 'tooShort':
      return { key: 'errors.password.tooShort', params: { min: problem.min } };
    case 'tooLong':
      return { key: 'errors.password.tooLong', params: { max: problem.max } };
    case 'missingClass':
      return { key: CLASS_ERRORS[problem.characterClass] };
    case 'accountName':
      return { key: 'errors.password.accountName' };
    case 'guessable':
      return { key: guessableError(problem.warning) };
  }
}

/** One line of the live checklist beside a new-password input. */
export interface PasswordRequirement {
  key: MessageKey;
  params?: MessageParams;
  met: boolean;
}

const CLASS_HINTS: Record<CharacterClass, MessageKey> = {
  upper: 'password.rules.upper',
  lower: 'password.rules.lower',
  digit: 'password.rules.digit',
  symbol: 'password.rules.symbol',
  letter: 'password.rules.letter',
};

/** The requirements of a policy with whether a password (as typed so far) meets each: the live hints. */
export function passwordRequirements(password: string, policy: PasswordPolicy): PasswordRequirement[] {
  const normalized = normalizePassword(password);
  const length = passwordLength(normalized);
  return [
    {
      key: 'password.rules.length',
      params: { min: policy.minLength, max: policy.maxLength },
      met: length >= policy.minLength && length <= policy.maxLength,
    },
    ...CHARACTER_CLASSES.filter((c) => policy.requiredClasses.includes(c)).map((c) => ({
      key: CLASS_HINTS[c],
      met: hasCharacterClass(normalized, c),
    })),
  ];
}

/** Why a password must change before the user goes on (SPEC §4), or null. */
export type PasswordChangeReason = 'initial' | 'expired' | 'weak' | null;

/**
 * Decides at sign-in whether the password must be changed first: an initial (admin-set or reset) password,
 * then one past the policy's expiry, then one that no longer meets the policy (known only at sign-in,
 * where the plain password is at hand).
 */
export function passwordChangeReason(input: {
  mustChange: boolean;
  changedAt: number;
  policy: PasswordPolicy;
  now: number;
  meetsPolicy: boolean;
}): PasswordChangeReason {
  if (input.mustChange) return 'initial';
  const expiresAt = passwordExpiresAt(input.changedAt, input.policy.expiry);
  if (expiresAt !== null && input.now >= expiresAt) return 'expired';
  if (!input.meetsPolicy) return 'weak';
  return null;
}

/** The rules a client shows, as GET OrganizationConfig/PwdRequiredRules answers them (no lock threshold). */
export function presentPasswordRules(policy: PasswordPolicy) {
  return {
    MinLength: policy.minLength,
    MaxLength: policy.maxLength,
    RequiredClasses: [...policy.requiredClasses],
    Expiry: policy.expiry,
    HistoryDepth: policy.historyDepth,
  };
}

/** The policy of the rules a server sent, for the client's live hints (lockAfter is not sent). */
export function policyFromRules(
  rules: Omit<ReturnType<typeof presentPasswordRules>, 'Expiry'> & { Expiry: string },
): PasswordPolicy {
  return {
    minLength: rules.MinLength,
    maxLength: rules.MaxLength,
    requiredClasses: rules.RequiredClasses,
    expiry: parseExpiry(rules.Expiry) ?? 'never',
    historyDepth: rules.HistoryDepth,
    lockAfter: DEFAULT_PASSWORD_POLICY.lockAfter,
  };
}

/** A reason as stored with a session (any text), or null when it is not one. */
export function storedPasswordChangeReason(value: string | null): PasswordChangeReason {
  return value === 'initial' || value === 'expired' || value === 'weak' ? value : null;
}

/** What is wrong with a policy an administrator or operator is about to save, or null when it is sound. */
export function policyProblem(
  policy: PasswordPolicy,
): { field: 'minLength' | 'maxLength' | 'historyDepth' | 'lockAfter'; min: number; max: number } | null {
  const { length, historyDepth, lockAfter } = PASSWORD_POLICY_LIMITS;
  const within = (value: number, min: number, max: number) =>
    Number.isInteger(value) && value >= min && value <= max;
  if (!within(policy.minLength, length.min, length.max)) return { field: 'minLength', ...length };
  if (!within(policy.maxLength, policy.minLength, length.max)) {
    return { field: 'maxLength', min: policy.minLength, max: length.max };
  }
  if (!within(policy.historyDepth, historyDepth.min, historyDepth.max)) {
    return { field: 'historyDepth', ...historyDepth };
  }
  if (!within(policy.lockAfter, lockAfter.min, lockAfter.max)) return { field: 'lockAfter', ...lockAfter };
  return null;
}

/** A policy in words for the operation log, e.g. `length 8-128, classes none, expiry never, ...`. */
export function describePolicy(policy: PasswordPolicy): string {
  const classes = policy.requiredClasses.length > 0 ? policy.requiredClasses.join('+') : 'none';
  return (
    `length ${policy.minLength}-${policy.maxLength}, classes ${classes}, expiry ${policy.expiry}, ` +
    `history ${policy.historyDepth}, lock after ${policy.lockAfter} failures`
  );
}

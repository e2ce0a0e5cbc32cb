/**
 * Electronic signature rules (SPEC §3 Electronic signature, §7 Esign): an organisation's settings and a
 * member's own signature password. Pure: the caller says whether the password equals the login password
 * (it has the hash) and passes the clock.
 */

/** configurations/Options EsignPasswordStrength: any characters, letters and digits, or letters, digits and symbols. */
export const ESIGN_STRENGTHS = ['low', 'medium', 'strong'] as const;
export type EsignStrength = (typeof ESIGN_STRENGTHS)[number];

/** Bounds: the minimum length an organisation may set (at least 6), the longest password. */
export const ESIGN_LIMITS = { minLength: { min: 6, max: 32 }, maxLength: 64 } as const;

/** Wrong signature passwords in a row before verification is locked, and for how long (ms). */
export const ESIGN_LOCK_AFTER = 5;
export const ESIGN_LOCK_MS = 30 * 60 * 1000;

/** An organisation's electronic signature settings. */
export interface EsignSettings {
  strength: EsignStrength;
  minLength: number;
  /** Whether members may choose 'same as login password' instead of a separate one. */
  allowSameAsLogin: boolean;
}

/** An organisation's settings with whether electronic signatures are on at all. */
export interface EsignOrgSettings extends EsignSettings {
  enabled: boolean;
}

/** What an organisation that saved nothing has: on, letters and digits, 6 characters, a separate password. */
export const DEFAULT_ESIGN_SETTINGS: EsignOrgSettings = {
  enabled: true,
  strength: 'medium',
  minLength: ESIGN_LIMITS.minLength.min,
  allowSameAsLogin: false,
};

/**
 * How a member signs: not set yet, with a separate signature password, or with their login password
 * (only while the organisation allows it).
 */
export const ESIGN_MODES = ['none', 'separate', 'login'] as const;
export type EsignMode = (typeof ESIGN_MODES)[number];

/** The mode in force: 'same as login password' counts as not set once the organisation no longer allows it. */
export function effectiveEsignMode(stored: EsignMode | null, settings: EsignSettings): EsignMode {
  if (stored === 'login' && !settings.allowSameAsLogin) return 'none';
  return stored ?? 'none';
}

export type EsignProblem =
  | 'errors.esign.minLength'
  | 'errors.esign.tooShort'
  | 'errors.esign.tooLong'
  | 'errors.esign.weak'
  | 'errors.esign.sameAsLogin'
  | 'errors.esign.mismatch'
  | 'errors.esign.required';

/** Why settings cannot be saved, or null. */
export function esignSettingsProblem(settings: EsignSettings): EsignProblem | null {
  const { min, max } = ESIGN_LIMITS.minLength;
  if (!Number.isInteger(settings.minLength) || settings.minLength < min || settings.minLength > max) {
    return 'errors.esign.minLength';
  }
  return null;
}

const classesOf = (password: string) => ({
  letter: /[A-Za-z]/.test(password),
  digit: /\d/.test(password),
  symbol: /[^A-Za-z\d\s]/.test(password),
});

/** Whether a password has the character classes a strength asks for (low: any characters). */
export function esignStrengthMet(password: string, strength: EsignStrength): boolean {
  const has = classesOf(password);
  if (strength === 'medium') return has.letter && has.digit;
  if (strength === 'strong') return has.letter && has.digit && has.symbol;
  return true;
}

/**
 * Why a new signature password is refused, or null: shorter than the organisation's minimum, longer than
 * the limit, weaker than its strength, not confirmed, or equal to the member's login password (a separate
 * password must be separate; 'same as login password' is its own choice).
 */
export function esignPasswordProblem(
  password: string,
  confirm: string,
  settings: EsignSettings,
  equalsLoginPassword: boolean,
): EsignProblem | null {
  if (password.length === 0) return 'errors.esign.required';
  if (password.length < settings.minLength) return 'errors.esign.tooShort';
  if (password.length > ESIGN_LIMITS.maxLength) return 'errors.esign.tooLong';
  if (!esignStrengthMet(password, settings.strength)) return 'errors.esign.weak';
  if (password !== confirm) return 'errors.esign.mismatch';
  if (equalsLoginPassword) return 'errors.esign.sameAsLogin';
  return null;
}

/** Whether verification is locked after `failures` wrong passwords in a row, the last at `lastFailureAt`. */
export function esignLocked(failures: number, lastFailureAt: number | null, nowMs: number): boolean {
  return failures >= ESIGN_LOCK_AFTER && lastFailureAt !== null && nowMs - lastFailureAt < ESIGN_LOCK_MS;
}

/**
 * Until when verification is locked after the `failures`-th wrong password in a row at `nowMs`, or null
 * while tries remain.
 */
export function esignLockUntil(failures: number, nowMs: number): number | null {
  return failures >= ESIGN_LOCK_AFTER ? nowMs + ESIGN_LOCK_MS : null;
}

/** Whether a lock that lasts until `lockedUntil` (null: none) still holds at `nowMs`. */
export function esignLockHolds(lockedUntil: number | null, nowMs: number): boolean {
  return lockedUntil !== null && lockedUntil > nowMs;
}

/** How many wrong passwords remain before the lock after `failures` in a row. */
export function esignTriesLeft(failures: number): number {
  return Math.max(0, ESIGN_LOCK_AFTER - failures);
}

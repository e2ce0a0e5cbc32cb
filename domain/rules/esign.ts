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

export type EsignProblem =
  | 'errors.esign.minLength'
  | 'errors.esign.tooShort'
  | 'errors.esign.tooLong'
  | 'errors.esign.weak'
  | 'errors.esign.sameAsLogin'
  | 'errors.esign.mismatch';

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
  if (password.length < settings.minLength) return 'errors.esign.tooShort';
  if (password.length > ESIGN_LIMITS.maxLength) return 'errors.esign.tooLong';
  const has = classesOf(password);
  if (settings.strength === 'medium' && !(has.letter && has.digit)) return 'errors.esign.weak';
  if (settings.strength === 'strong' && !(has.letter && has.digit && has.symbol)) return 'errors.esign.weak';
  if (password !== confirm) return 'errors.esign.mismatch';
  if (equalsLoginPassword) return 'errors.esign.sameAsLogin';
  return null;
}

/** Whether verification is locked after `failures` wrong passwords in a row, the last at `lastFailureAt`. */
export function esignLocked(failures: number, lastFailureAt: number | null, nowMs: number): boolean {
  return failures >= ESIGN_LOCK_AFTER && lastFailureAt !== null && nowMs - lastFailureAt < ESIGN_LOCK_MS;
}

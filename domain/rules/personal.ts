/** Largest photo accepted: SPEC names jpg or png and no size, so 2 MB (the size message shows PHOTO_MAX_LABEL). */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/** The limit as the size message shows it. */
export const PHOTO_MAX_LABEL = '2MB';
/** The formats a photo may have (SPEC §5: jpg or png), as the format message shows them. */
export const PHOTO_TYPES_LABEL = 'jpg, png';
/** Longest name a member may give themself. */
export const REAL_NAME_MAX_LENGTH = 50;

/**
 * The industry areas a member may pick on personal info (GET systemCode/industryArea): stable codes whose
 * names are `personal.industries.<code>` in both catalogues.
 */
export const INDUSTRY_AREAS = [
  'pharmaceutical',
  'biotechnology',
  'chemicals',
  'materials',
  'food',
  'environment',
  'medicalDevices',
  'energy',
  'academic',
  'other',
] as const;
export type IndustryArea = (typeof INDUSTRY_AREAS)[number];

/** Kinds of guided tour a user can mark done (Account/SetGuided/{type}). */
export const GUIDED_TYPES = ['PersonalCenter', 'Home'] as const;
export type GuidedType = (typeof GUIDED_TYPES)[number];

/** Which address a contact change replaces: SPEC §7 modifyMobilePhone or modifyEmail. */
export const CONTACT_KINDS = ['mobile', 'email'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];
/** The code channel that reaches each kind of address. */
export const CONTACT_CHANNELS = { mobile: 'sms', email: 'email' } as const;

/**
 * How long the proof that the owner is changing a sign-in address holds (their current password, or a code
 * sent to a current address): long enough to ask for the new address's code and type it, used once.
 */
export const IDENTIFIER_PROOF_TTL_MS = 10 * 60 * 1000;

/**
 * How the owner proves themself before a sign-in address changes: an account with a password of the
 * portal types it; one without (directory, SSO) takes a code sent to a current mobile number or email.
 */
export type IdentifierProofMethod = 'password' | 'code';

/**
 * Why a new mobile number or email cannot be asked for, before any code is sent: its format, or being the
 * account's present address. Null when it may be. `value` must be normalised (trimmed, email lower-case).
 */
export function contactChangeProblem(
  kind: ContactKind,
  value: string,
  current: string | null,
): 'errors.personal.mobileFormat' | 'errors.personal.emailFormat' | 'errors.personal.sameAddress' | null {
  const pattern = kind === 'mobile' ? /^1[3-9]\d{9}$/ : /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
  if (!pattern.test(value) || value.length > 254) {
    return kind === 'mobile' ? 'errors.personal.mobileFormat' : 'errors.personal.emailFormat';
  }
  if (current !== null && current === value) return 'errors.personal.sameAddress';
  return null;
}

/** A new address as the server compares and stores it: trimmed, an email in lower case. */
export function normaliseContact(kind: ContactKind, value: string): string {
  const trimmed = value.trim();
  return kind === 'email' ? trimmed.toLowerCase() : trimmed;
}

/** Mainland mobile number: 11 digits, 1 then 3 to 9 (SPEC §5). */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
/** A pragmatic email pattern: one @, a dot in the domain, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type AccountIdentifier =
  { kind: 'mobile'; value: string } | { kind: 'email'; value: string } | { kind: 'other'; value: string };

/** Classifies what a user typed as their account, normalising email case and spaces. */
export function parseAccountIdentifier(input: string): AccountIdentifier {
  const trimmed = input.trim();
  if (MOBILE_PATTERN.test(trimmed)) return { kind: 'mobile', value: trimmed };
  if (EMAIL_PATTERN.test(trimmed)) return { kind: 'email', value: trimmed.toLowerCase() };
  return { kind: 'other', value: trimmed.toLowerCase() };
}

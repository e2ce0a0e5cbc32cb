import type { SecondaryVerificationMode } from '../constants';

/** What the portal knows of where a sign-in comes from, for this account. */
export interface SignInSource {
  /** The browser's device cookie was seen at an earlier successful sign-in of this account. */
  knownDevice: boolean;
  /** The address was seen at an earlier successful sign-in of this account. */
  knownIp: boolean;
}

/**
 * Whether a right password (or directory bind) must be followed by a code to the account's phone or email:
 * never when the organisation has it off, always when it says so, and in `new-device` mode when the device
 * or the address is new to this account.
 */
export function needsSecondFactor(mode: SecondaryVerificationMode, source: SignInSource): boolean {
  if (mode === 'off') return false;
  if (mode === 'always') return true;
  return !source.knownDevice || !source.knownIp;
}

/** A mainland mobile number as the verification page shows it: `138****0001`. */
export function maskMobile(mobile: string): string {
  if (mobile.length < 8) return `${mobile.slice(0, 1)}****`;
  return `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
}

/** An email as the verification page shows it: the first two letters of the name, then stars, then the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '****';
  const name = email.slice(0, at);
  const shown = name.length <= 2 ? name.slice(0, 1) : name.slice(0, 2);
  return `${shown}****${email.slice(at)}`;
}

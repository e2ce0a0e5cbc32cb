import { parseAccountIdentifier } from '../../domain/rules/account-identifier';

// The names the failed-sign-in counters are stored under: sign-in counts them, recovery and unlocking forget them.

/** The failure counter of an account name (a mobile number or a normalised email, known or not). */
export function accountFailureKey(accountName: string): string {
  return `account:${accountName}`;
}

/** The failure counter of an address, shared by sign-in and every other password check. */
export function ipFailureKey(ip: string): string {
  return `ip:${ip}`;
}

/** How many names an address has locked in the window. */
export function ipLocksKey(ip: string): string {
  return `ip-locks:${ip}`;
}

/** The failures of the whole deployment in the window. */
export const GLOBAL_FAILURE_KEY = 'global';

/** The failure counters of every name an account signs in with. */
export function accountFailureKeys(account: { mobile: string | null; email: string | null }): string[] {
  return [account.mobile, account.email]
    .filter((name): name is string => name !== null)
    .map((name) => accountFailureKey(parseAccountIdentifier(name).value));
}

/** The name a directory user's failed sign-ins count under and the login log records: `ldap:<org>:<user>`. */
export function directoryFailureName(orgId: number, username: string): string {
  return `ldap:${orgId}:${username.toLowerCase()}`;
}

import { randomBytes } from 'node:crypto';

/**
 * A random password of letters, digits and a symbol that passes any sane policy: for a new account
 * created without one and for an operator's or administrator's reset, which then forces a change.
 */
export function randomPassword(length = 14): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(length);
  let body = '';
  for (const byte of bytes) body += alphabet[byte % alphabet.length];
  // One upper, one lower, a symbol and two digits always, whatever the random body holds.
  const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ'[bytes[0] % 24];
  const lower = 'abcdefghijkmnopqrstuvwxyz'[bytes[1] % 25];
  return `${upper}${lower}${body.slice(0, length - 5)}#${10 + (bytes[2] % 90)}`;
}

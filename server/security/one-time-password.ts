import { randomBytes } from 'node:crypto';

/**
 * Length of a generated password with at least 80 bits of entropy, the bound for storing it with the
 * one-time (fast) hash scheme (password-hasher.ts). Only the first `length - 5` random bytes pick characters
 * (the upper, lower and digit characters reuse bytes 0-2), each from 57 symbols with a little modulo bias:
 * 5.82 bits a character, so 15 of them hold about 87 bits.
 */
export const HIGH_ENTROPY_PASSWORD_LENGTH = 20;

/**
 * A random password of letters, digits and a symbol that passes any sane policy (16 characters: over the
 * default minimum of 15, about 64 bits): for a new account created without one and for an operator's or
 * administrator's reset, which then forces a change.
 */
export function randomPassword(length = 16): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(length);
  let body = '';
  for (const byte of bytes) body += alphabet[byte % alphabet.length];
  // One upper, one lower, a symbol and two digits always, whatever the random body holds.
  const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ'[bytes[0] % 24];
  const lower = 'abcdefghijkmnopqrstuvwxyz'[bytes[1] % 25];
  return `${upper}${lower}${body.slice(0, length - 5)}#${10 + (bytes[2] % 90)}`;
}

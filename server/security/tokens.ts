import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A 256-bit random session token, URL-safe. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Hex HMAC-SHA256, as the client computes it with crypto-js. */
export function hmacSha256Hex(key: string, message: string): string {
  return createHmac('sha256', key).update(message).digest('hex');
}

/** Compares two hex strings in constant time. */
export function safeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** A random password of letters, digits and a symbol that passes any sane policy. */
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

import { createHmac, hash, type KeyObject, randomBytes, timingSafeEqual } from 'node:crypto';

/** A 256-bit random session token, URL-safe. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256. */
export function hashToken(token: string): string {
  // The one-shot digest: every signed-in request hashes its session cookie, and a Hash object costs more.
  return hash('sha256', token, 'hex');
}

/** Hex HMAC-SHA256, as the client computes it with crypto-js. */
export function hmacSha256Hex(key: string, message: string): string {
  return createHmac('sha256', key).update(message).digest('hex');
}

/**
 * Whether `signatureHex` (64 hex digits, already checked) is the HMAC-SHA256 of `message` under `key`, in
 * constant time. The key is a KeyObject made once: a string key is turned into one on every call.
 */
export function hmacSha256Matches(key: KeyObject, message: string, signatureHex: string): boolean {
  const expected = createHmac('sha256', key).update(message).digest();
  const given = Buffer.from(signatureHex, 'hex');
  return given.length === expected.length && timingSafeEqual(expected, given);
}

/** Compares two hex strings in constant time. */
export function safeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

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

import { SIGNATURE_MAX_SKEW_MS } from '../constants';

/** Header names of a signed request (SPEC §7). */
export const SIGNING_HEADERS = {
  nonce: 'x-nonce',
  timestamp: 'x-timestamp',
  signature: 'x-signature',
} as const;

/** The text both sides feed to HMAC-SHA256: timestamp and nonce joined. */
export function signingPayload(timestamp: string, nonce: string): string {
  return `${timestamp}\n${nonce}`;
}

export type SignatureHeaderProblem = 'missing' | 'malformed' | 'skewed';

const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
const TIMESTAMP_PATTERN = /^\d{1,16}$/;
const SIGNATURE_PATTERN = /^[0-9a-f]{64}$/;

/**
 * Checks the shape and freshness of the signing headers before any cryptography runs.
 * Returns null when they are usable.
 */
export function checkSignatureHeaders(
  headers: { nonce?: string; timestamp?: string; signature?: string },
  nowMs: number,
): SignatureHeaderProblem | null {
  const { nonce, timestamp, signature } = headers;
  if (!nonce && !timestamp && !signature) return 'missing';
  if (!nonce || !timestamp || !signature) return 'malformed';
  if (
    !NONCE_PATTERN.test(nonce) ||
    !TIMESTAMP_PATTERN.test(timestamp) ||
    !SIGNATURE_PATTERN.test(signature)
  ) {
    return 'malformed';
  }
  if (Math.abs(nowMs - Number(timestamp)) > SIGNATURE_MAX_SKEW_MS) return 'skewed';
  return null;
}

/** Whether a method changes state, so that it must be signed. */
export function isStateChanging(method: string): boolean {
  return !SAFE_METHODS.has(method) && !SAFE_METHODS.has(method.toUpperCase());
}

/** Methods that only read; node hands the method upper-case, so the first lookup usually answers. */
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

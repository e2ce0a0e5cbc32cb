import { randomBytes } from 'node:crypto';
import { signingPayload } from '../../domain/rules/request-signing';
import { hmacSha256Hex } from '../../server/security/tokens';

/** Fresh signing headers for one request, as the client sends them. */
export function signedHeaders(signingKey: string, nowMs: number): Record<string, string> {
  const nonce = randomBytes(16).toString('hex');
  const timestamp = String(nowMs);
  return {
    'x-nonce': nonce,
    'x-timestamp': timestamp,
    'x-signature': hmacSha256Hex(signingKey, signingPayload(timestamp, nonce)),
  };
}

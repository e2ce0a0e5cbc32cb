import { randomFillSync } from 'node:crypto';
import { DEFAULT_SIGNING_KEY } from '../server/core/config';
import { signingPayload } from '../domain/rules/request-signing';
import { hmacSha256Signer } from '../server/security/tokens';

const NONCE_BYTES = 16;

/**
 * Signing headers as the browser sends them (a fresh 16-byte nonce, the time, the HMAC-SHA256 of both under
 * the signing key), made for a load generator that signs every one of its requests on the cores it shares
 * with the server: the HMAC as the server checks it (hmacSha256Signer, two one-shot digests over pads
 * computed once) instead of Node's Hmac object built per request, and the nonces cut from a block of random
 * bytes filled now and then instead of one random call per request. Same headers, same bytes signed.
 */
export function createRequestSigner(key: string = DEFAULT_SIGNING_KEY) {
  const sign = hmacSha256Signer(Buffer.from(key));
  const random = Buffer.alloc(NONCE_BYTES * 256);
  let used = random.length;
  return (now = Date.now()): Record<string, string> => {
    if (used === random.length) {
      randomFillSync(random);
      used = 0;
    }
    const nonce = random.toString('hex', used, used + NONCE_BYTES);
    used += NONCE_BYTES;
    const timestamp = String(now);
    return {
      'x-nonce': nonce,
      'x-timestamp': timestamp,
      'x-signature': sign(signingPayload(timestamp, nonce)),
    };
  };
}

import { DEFAULT_SIGNING_KEY } from '../server/core/config';
import { signingPayload } from '../domain/rules/request-signing';
import { hmacSha256Signer, randomStrings } from '../server/security/tokens';

const NONCE_BYTES = 16;

/**
 * Signing headers as the browser sends them (a fresh 16-byte nonce, the time, the HMAC-SHA256 of both under
 * the signing key), made for a load generator that signs every one of its requests on the cores it shares
 * with the server: the HMAC as the server checks it (hmacSha256Signer, two one-shot digests over pads
 * computed once) instead of Node's Hmac object built per request, and the nonces cut from a block of random
 * bytes filled now and then (randomStrings) instead of one random call per request. Same headers, same
 * bytes signed.
 */
export function createRequestSigner(key: string = DEFAULT_SIGNING_KEY) {
  const sign = hmacSha256Signer(Buffer.from(key));
  const newNonce = randomStrings(NONCE_BYTES, 'hex', 256);
  return (now = Date.now()): Record<string, string> => {
    const nonce = newNonce();
    const timestamp = String(now);
    return {
      'x-nonce': nonce,
      'x-timestamp': timestamp,
      'x-signature': sign(signingPayload(timestamp, nonce)),
    };
  };
}

import { hash, randomFillSync } from 'node:crypto';
import { DEFAULT_SIGNING_KEY } from '../server/core/config';
import { signingPayload } from '../domain/rules/request-signing';

const BLOCK = 64;
const NONCE_BYTES = 16;

/**
 * Signing headers as the browser sends them (a fresh 16-byte nonce, the time, the HMAC-SHA256 of both under
 * the signing key), made for a load generator that signs every one of its requests on the cores it shares
 * with the server: the HMAC as two one-shot digests over pads computed once (RFC 2104, as the server checks
 * it in server/security/tokens.ts) instead of Node's Hmac object built per request, and the nonces cut from
 * a block of random bytes filled now and then instead of one random call per request. Same headers, same
 * bytes signed; the key must be ASCII and at most one block long (the default key is).
 */
export function createRequestSigner(key: string = DEFAULT_SIGNING_KEY) {
  const bytes = Buffer.from(key);
  if (bytes.length > BLOCK || bytes.some((byte) => byte >= 0x80))
    throw new Error('the key must be ASCII, one block at most');
  let innerPad = '';
  const outer = Buffer.alloc(BLOCK + 32);
  for (let index = 0; index < BLOCK; index += 1) {
    const byte = bytes[index] ?? 0;
    innerPad += String.fromCharCode(byte ^ 0x36);
    outer[index] = byte ^ 0x5c;
  }
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
    outer.write(hash('sha256', innerPad + signingPayload(timestamp, nonce), 'binary'), BLOCK, 'latin1');
    return { 'x-nonce': nonce, 'x-timestamp': timestamp, 'x-signature': hash('sha256', outer, 'hex') };
  };
}

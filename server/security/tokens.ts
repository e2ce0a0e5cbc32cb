import { createHmac, createSecretKey, hash, randomFillSync, timingSafeEqual } from 'node:crypto';

/**
 * Random strings of `bytes` CSPRNG bytes each, in `encoding`, cut from a block filled `perFill` strings at a
 * time: one call into OpenSSL per block instead of a randomBytes call and its Buffer per string, which cost a
 * few percent of a busy sign-in's event-loop time. Each byte makes one string only, and is zeroed once it
 * has, so the block holds nothing already handed out.
 */
export function randomStrings(bytes: number, encoding: 'hex' | 'base64url', perFill = 128): () => string {
  const block = Buffer.alloc(bytes * perFill);
  let used = block.length;
  return () => {
    if (used === block.length) {
      randomFillSync(block);
      used = 0;
    }
    const start = used;
    used += bytes;
    const text = block.toString(encoding, start, used);
    block.fill(0, start, used);
    return text;
  };
}

/** A 256-bit random session token, URL-safe. */
export const newSessionToken: () => string = randomStrings(32, 'base64url');

/** What the database keeps of a token: its SHA-256. */
export function hashToken(token: string): string {
  // The one-shot digest: every signed-in request hashes its session cookie, and a Hash object costs more.
  return hash('sha256', token, 'hex');
}

/** Hex HMAC-SHA256, as the client computes it with crypto-js. */
export function hmacSha256Hex(key: string, message: string): string {
  return createHmac('sha256', key).update(message).digest('hex');
}

/** SHA-256's block: a key longer than this is hashed first (RFC 2104). */
const SHA256_BLOCK_BYTES = 64;

/**
 * Whether `signatureHex` is the lower-case hex HMAC-SHA256 of `message` under `key`: a check made once per
 * key, compared in constant time. Every signed request is checked, and Node's Hmac object (a stream
 * object built per call) cost about twice what the HMAC itself does, so the construction of RFC 2104 is
 * done here with two one-shot digests over pads computed once: SHA-256((K ^ opad) || SHA-256((K ^ ipad)
 * || message)). The inner pad goes in front of the message as text, which hashes to the same bytes only
 * when every pad byte is ASCII, i.e. for a key of ASCII bytes no longer than a block (any key the
 * configuration holds in practice); any other key is checked with the Hmac object.
 */
export function hmacSha256Checker(key: Buffer): (message: string, signatureHex: string) => boolean {
  const sign = hmacSha256Signer(key);
  return (message, signatureHex) => equalInConstantTime(sign(message), signatureHex);
}

/** The lower-case hex HMAC-SHA256 of a message under `key`, made once per key as hmacSha256Checker says. */
export function hmacSha256Signer(key: Buffer): (message: string) => string {
  const ascii = key.length <= SHA256_BLOCK_BYTES && key.every((byte) => byte < 0x80);
  if (!ascii) {
    const keyObject = createSecretKey(key);
    return (message) => createHmac('sha256', keyObject).update(message).digest('hex');
  }
  let innerPad = '';
  const outer = Buffer.alloc(SHA256_BLOCK_BYTES + 32);
  for (let index = 0; index < SHA256_BLOCK_BYTES; index += 1) {
    const byte = key[index] ?? 0;
    innerPad += String.fromCharCode(byte ^ 0x36);
    outer[index] = byte ^ 0x5c;
  }
  return (message) => {
    // The inner digest as 'binary' (latin1) text is its 32 bytes one for one; JavaScript runs one call
    // at a time, so the outer block is filled and hashed before anyone else writes into it.
    outer.write(hash('sha256', innerPad + message, 'binary'), SHA256_BLOCK_BYTES, 'latin1');
    return hash('sha256', outer, 'hex');
  };
}

/** Whether two strings are equal, looking at every character of the expected one whatever differs. */
function equalInConstantTime(expected: string, given: string): boolean {
  let difference = expected.length ^ given.length;
  for (let index = 0; index < expected.length; index += 1) {
    difference |= expected.charCodeAt(index) ^ (given.charCodeAt(index) | 0);
  }
  return difference === 0;
}

/** Compares two hex strings in constant time. */
export function safeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

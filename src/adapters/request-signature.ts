import hmacSha256 from 'crypto-js/hmac-sha256';
import encHex from 'crypto-js/enc-hex';
import { signingPayload } from '../../domain/rules/request-signing';

/**
 * Hex HMAC-SHA256 of the signing payload (SPEC §7): what x-signature carries. crypto-js rather than
 * WebCrypto, which browsers offer only on https and localhost; it loads with the first request, not
 * with the page.
 */
export function computeSignature(signingKey: string, timestamp: string, nonce: string): string {
  return hmacSha256(signingPayload(timestamp, nonce), signingKey).toString(encHex);
}

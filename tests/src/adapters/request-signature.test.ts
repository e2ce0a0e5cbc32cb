import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signingPayload } from '../../../domain/rules/request-signing';
import { computeSignature } from '../../../src/adapters/request-signature';

describe('computeSignature', () => {
  it('equals node:crypto HMAC-SHA256 over the domain signing payload', () => {
    const timestamp = '1700000000000';
    const nonce = 'AbCdEfGhIjKlMnOp_-123456';
    const expected = createHmac('sha256', 'signing-key')
      .update(signingPayload(timestamp, nonce))
      .digest('hex');
    expect(computeSignature('signing-key', timestamp, nonce)).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
  });
});

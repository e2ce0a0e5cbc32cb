import { describe, expect, it } from 'vitest';
import { newSessionToken } from '../../../server/security/tokens';

describe('newSessionToken', () => {
  it('gives 256-bit URL-safe tokens, each different, across several refills of its random block', () => {
    // The block holds 128 tokens' bytes: a thousand tokens cross several refills.
    const tokens = Array.from({ length: 1000 }, () => newSessionToken());
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
    // No token is made of the zeroes a used slice of the block is left with.
    expect(tokens).not.toContain(Buffer.alloc(32).toString('base64url'));
  });

  it('spreads its bytes evenly: no byte value is far from its share over many tokens', () => {
    const counts = new Array<number>(256).fill(0);
    for (let index = 0; index < 2000; index += 1) {
      for (const byte of Buffer.from(newSessionToken(), 'base64url')) counts[byte] += 1;
    }
    // 64,000 bytes: 250 of each value expected; a fair source strays beyond 150-350 with odds far below 1e-9.
    expect(Math.min(...counts)).toBeGreaterThan(150);
    expect(Math.max(...counts)).toBeLessThan(350);
  });
});

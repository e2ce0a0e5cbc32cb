import { describe, expect, it } from 'vitest';
import {
  checkSignatureHeaders,
  isStateChanging,
  signingPayload,
} from '../../../domain/rules/request-signing';

const now = 1_800_000_000_000;
const good = { nonce: 'abcdefghijklmnop', timestamp: String(now), signature: 'a'.repeat(64) };

describe('checkSignatureHeaders', () => {
  it.each([
    ['all present and fresh', good, null],
    ['none present', {}, 'missing'],
    ['one missing', { ...good, signature: undefined }, 'malformed'],
    ['short nonce', { ...good, nonce: 'abc' }, 'malformed'],
    ['nonce with odd characters', { ...good, nonce: 'abcdefghijklmno;' }, 'malformed'],
    ['timestamp not a number', { ...good, timestamp: '12:00' }, 'malformed'],
    ['signature not hex', { ...good, signature: 'z'.repeat(64) }, 'malformed'],
    ['5 minutes behind', { ...good, timestamp: String(now - 300_000) }, null],
    ['5 minutes and 1 ms behind', { ...good, timestamp: String(now - 300_001) }, 'skewed'],
    ['5 minutes and 1 ms ahead', { ...good, timestamp: String(now + 300_001) }, 'skewed'],
  ] as const)('%s', (_name, headers, expected) => {
    expect(checkSignatureHeaders(headers, now)).toBe(expected);
  });
});

describe('signingPayload', () => {
  it('joins timestamp and nonce so neither can slide into the other', () => {
    expect(signingPayload('12', '3abc')).not.toBe(signingPayload('123', 'abc'));
  });
});

describe('isStateChanging', () => {
  it.each([
    ['GET', false],
    ['head', false],
    ['OPTIONS', false],
    ['POST', true],
    ['put', true],
    ['DELETE', true],
    ['PATCH', true],
  ])('%s -> %s', (method, expected) => {
    expect(isStateChanging(method)).toBe(expected);
  });
});

import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacSha256Checker } from '../../../server/security/tokens';

const hmacHex = (key: Buffer, message: string) => createHmac('sha256', key).update(message).digest('hex');

describe('hmacSha256Checker', () => {
  const keys: Array<[string, Buffer]> = [
    ['a short ASCII key', Buffer.from('portal-signing-key', 'utf8')],
    ['an empty key', Buffer.alloc(0)],
    ['an ASCII key of one whole block', Buffer.from('k'.repeat(64), 'utf8')],
    ['an ASCII key longer than a block', Buffer.from('k'.repeat(65), 'utf8')],
    ['a key with non-ASCII bytes', Buffer.from('签名密钥-signing', 'utf8')],
  ];
  const messages = ['1796367746975\nabcdefghijklmnop', '', '时间\n随机', 'x'.repeat(300)];

  it.each(keys)('accepts exactly the HMAC-SHA256 of the message for %s', (_name, key) => {
    const matches = hmacSha256Checker(key);
    for (const message of messages) {
      const signature = hmacHex(key, message);
      expect(matches(message, signature)).toBe(true);
      // Twice: the check reuses its buffers.
      expect(matches(message, signature)).toBe(true);
      expect(matches(`${message}.`, signature)).toBe(false);
      const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
      expect(matches(message, flipped)).toBe(false);
      expect(matches(message, signature.slice(0, 63))).toBe(false);
      expect(matches(message, `${signature}0`)).toBe(false);
      expect(matches(message, hmacHex(Buffer.from('another key'), message))).toBe(false);
    }
  });
});

import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import {
  checkPasswordHash,
  hashParameters,
  hashPassword,
  isWeakerThanCurrent,
} from '../../../server/security/password-hasher';

describe('hashParameters and isWeakerThanCurrent', () => {
  it.each([
    ["today's parameters", '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA', false],
    ['more memory and passes', '$argon2id$v=19$m=65536,t=3,p=1$c2FsdHNhbHQ$aGFzaA', false],
    ['less memory', '$argon2id$v=19$m=4096,t=2,p=1$c2FsdHNhbHQ$aGFzaA', true],
    ['one pass', '$argon2id$v=19$m=19456,t=1,p=1$c2FsdHNhbHQ$aGFzaA', true],
    ['argon2i', '$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA', true],
    ['not a PHC string', 'plain-text', true],
  ])('%s', (_name, phc, weaker) => {
    expect(isWeakerThanCurrent(phc)).toBe(weaker);
  });

  it('reads m, t and p', () => {
    expect(hashParameters('$argon2id$v=19$m=4096,t=3,p=2$c2FsdA$aGFzaA')).toEqual({
      algorithm: 'argon2id',
      m: 4096,
      t: 3,
      p: 2,
    });
  });
});

describe('checkPasswordHash', () => {
  it("matches today's hash without asking for a re-hash", async () => {
    const stored = await hashPassword('Lab#Pass2026');
    expect(await checkPasswordHash(stored, 'Lab#Pass2026')).toEqual({ matches: true, needsRehash: false });
    expect(await checkPasswordHash(stored, 'Lab#Pass2025')).toEqual({ matches: false, needsRehash: false });
  });

  it('asks for a re-hash of a hash made at lower cost', async () => {
    const cheap = await hash('Lab#Pass2026', { algorithm: 2, memoryCost: 4096, timeCost: 1, parallelism: 1 });
    expect(await checkPasswordHash(cheap, 'Lab#Pass2026')).toEqual({ matches: true, needsRehash: true });
  });

  it('hashes the normalised password: full-width and half-width forms are one password', async () => {
    const stored = await hashPassword('Ｌａｂ＃２０２６');
    expect(await checkPasswordHash(stored, 'Lab#2026')).toEqual({ matches: true, needsRehash: false });
  });

  it('never truncates: a 1,000-character password differs from its 999-character prefix', async () => {
    const long = 'p'.repeat(999) + 'q';
    const stored = await hashPassword(long);
    expect((await checkPasswordHash(stored, long)).matches).toBe(true);
    expect((await checkPasswordHash(stored, long.slice(0, 999))).matches).toBe(false);
  });

  it('does the same work and refuses without a stored hash', async () => {
    expect(await checkPasswordHash(null, 'anything')).toEqual({ matches: false, needsRehash: false });
  });
});

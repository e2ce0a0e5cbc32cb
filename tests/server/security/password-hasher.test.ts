import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { hash } from '@node-rs/argon2';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ARGON2_OPTIONS,
  checkPasswordHash,
  hashOneTimePassword,
  hashParameters,
  hashPassword,
  isOneTimePasswordHash,
  isWeakerThanCurrent,
  setArgon2CostForTests,
} from '../../../server/security/password-hasher';
import { HIGH_ENTROPY_PASSWORD_LENGTH, randomPassword } from '../../../server/security/one-time-password';

// The node tests' set-up file lowers the cost (tests/helpers/cheap-password-hashes.ts): this file tests OWASP's.
beforeAll(() => setArgon2CostForTests(null));

describe('the cost a process hashes at', () => {
  it("is OWASP's argon2id cost (19 MiB, 2 passes, 1 lane) in a process no test set-up ran in", async () => {
    const root = path.resolve(import.meta.dirname, '..', '..', '..');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        "import { hashPassword, hashParameters } from './server/security/password-hasher.ts';" +
          "console.log(JSON.stringify(hashParameters(await hashPassword('Lab#Pass2026'))));",
      ],
      { cwd: root },
    );
    expect(JSON.parse(stdout)).toEqual({ algorithm: 'argon2id', m: 19456, t: 2, p: 1 });
    expect(ARGON2_OPTIONS).toEqual({ algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  });

  it("hashes at a test's lower cost only while it is set, and at OWASP's again after null", async () => {
    setArgon2CostForTests({ memoryCost: 64, timeCost: 1, parallelism: 1 });
    try {
      const cheap = await hashPassword('Lab#Pass2026');
      expect(hashParameters(cheap)).toEqual({ algorithm: 'argon2id', m: 64, t: 1, p: 1 });
      expect(await checkPasswordHash(cheap, 'Lab#Pass2026')).toEqual({ matches: true, needsRehash: false });
    } finally {
      setArgon2CostForTests(null);
    }
    const stored = await hashPassword('Lab#Pass2026');
    expect(hashParameters(stored)).toEqual({ algorithm: 'argon2id', m: 19456, t: 2, p: 1 });
  });
});

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

describe('the one-time scheme', () => {
  const password = randomPassword(HIGH_ENTROPY_PASSWORD_LENGTH);

  it('matches a generated password only where a forced change allows it', async () => {
    const stored = hashOneTimePassword(password);
    expect(isOneTimePasswordHash(stored)).toBe(true);
    expect(await checkPasswordHash(stored, password)).toEqual({ matches: false, needsRehash: false });
    expect(await checkPasswordHash(stored, password, { oneTimeAllowed: false })).toEqual({
      matches: false,
      needsRehash: false,
    });
    expect(await checkPasswordHash(stored, password, { oneTimeAllowed: true })).toEqual({
      matches: true,
      needsRehash: false,
    });
    expect((await checkPasswordHash(stored, `${password}x`, { oneTimeAllowed: true })).matches).toBe(false);
  });

  it('salts each hash: one password hashes differently twice', () => {
    expect(hashOneTimePassword(password)).not.toBe(hashOneTimePassword(password));
  });

  it('never stores a chosen password with it: hashPassword is always argon2id', async () => {
    for (const chosen of ['Lab#Pass2026', password, '$otp-hmac-sha256$a$b']) {
      const stored = await hashPassword(chosen);
      expect(stored).toMatch(/^\$argon2id\$/);
      expect(isOneTimePasswordHash(stored)).toBe(false);
    }
  });

  it('refuses a malformed one-time hash', async () => {
    expect((await checkPasswordHash('$otp-hmac-sha256$', password, { oneTimeAllowed: true })).matches).toBe(
      false,
    );
  });

  it('generates passwords of 20 characters from at least 80 bits', () => {
    // 15 characters picked by independent random bytes from 57 symbols: 15 * log2(57) > 87 bits.
    expect(password).toHaveLength(20);
    expect((HIGH_ENTROPY_PASSWORD_LENGTH - 5) * Math.log2(57)).toBeGreaterThan(80);
    const many = new Set(Array.from({ length: 1000 }, () => randomPassword(HIGH_ENTROPY_PASSWORD_LENGTH)));
    expect(many.size).toBe(1000);
  });
});

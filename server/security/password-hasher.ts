import { hash, verify } from '@node-rs/argon2';
import { normalizePassword } from '../../domain/rules/password-policy';

/** OWASP's argon2id parameters: 19 MiB, 2 passes, 1 lane. argon2id is algorithm 2 of @node-rs/argon2. */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes a password with argon2id on the libuv thread pool, never on the event loop. The password is
 * hashed whole, after NFKC normalisation (domain/rules/password-policy.ts), never trimmed or truncated.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(normalizePassword(password), ARGON2_OPTIONS);
}

/** The argon2 cost parameters of a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`), or null. */
export function hashParameters(phc: string): { algorithm: string; m: number; t: number; p: number } | null {
  const match = /^\$(argon2(?:id|i|d))\$(?:v=\d+\$)?m=(\d+),t=(\d+),p=(\d+)\$/.exec(phc);
  if (!match) return null;
  return { algorithm: match[1], m: Number(match[2]), t: Number(match[3]), p: Number(match[4]) };
}

/** Whether a stored hash is weaker than today's parameters (or not argon2id at all): re-hash at sign-in. */
export function isWeakerThanCurrent(phc: string): boolean {
  const parameters = hashParameters(phc);
  if (!parameters || parameters.algorithm !== 'argon2id') return true;
  return (
    parameters.m < ARGON2_OPTIONS.memoryCost ||
    parameters.t < ARGON2_OPTIONS.timeCost ||
    parameters.p < ARGON2_OPTIONS.parallelism
  );
}

let decoyHash: Promise<string> | null = null;

/** The outcome of checking a password against a stored hash. */
export interface PasswordCheck {
  matches: boolean;
  /**
   * The password matched, but the stored hash should be replaced: it was made with weaker parameters than
   * today's, or from the password before normalisation (an account whose password predates it).
   */
  needsRehash: boolean;
}

/**
 * Checks a password against a stored hash: its normalised form first, then, when normalising changed it,
 * the form as typed (hashes made before normalisation). Without a stored hash (unknown account) it does the
 * same work against a decoy, so both answers take the same time.
 */
export async function checkPasswordHash(storedHash: string | null, password: string): Promise<PasswordCheck> {
  const normalized = normalizePassword(password);
  const candidates = normalized === password ? [normalized] : [normalized, password];
  if (storedHash === null) {
    decoyHash ??= hashPassword('decoy-password-that-matches-nothing');
    const decoy = await decoyHash;
    for (const candidate of candidates) await verify(decoy, candidate).catch(() => false);
    return { matches: false, needsRehash: false };
  }
  for (const [index, candidate] of candidates.entries()) {
    if (await verify(storedHash, candidate).catch(() => false)) {
      return { matches: true, needsRehash: index > 0 || isWeakerThanCurrent(storedHash) };
    }
  }
  return { matches: false, needsRehash: false };
}

/** Whether a password matches a stored hash (see checkPasswordHash); null verifies against the decoy. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  return (await checkPasswordHash(storedHash, password)).matches;
}

/** Computes the decoy early so the first unknown-account sign-in is not faster than the rest. */
export async function warmUpPasswordHasher(): Promise<void> {
  decoyHash ??= hashPassword('decoy-password-that-matches-nothing');
  await decoyHash;
}

import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id parameters: 19 MiB, 2 passes, 1 lane. argon2id is algorithm 2 of @node-rs/argon2. */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id on the libuv thread pool, never on the event loop. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let decoyHash: Promise<string> | null = null;

/**
 * Verifies a password against a stored hash. Without a stored hash (unknown account) it verifies
 * against a decoy with the same parameters, so both answers take the same time.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    decoyHash ??= hashPassword('decoy-password-that-matches-nothing');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

/** Computes the decoy early so the first unknown-account sign-in is not faster than the rest. */
export async function warmUpPasswordHasher(): Promise<void> {
  decoyHash ??= hashPassword('decoy-password-that-matches-nothing');
  await decoyHash;
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { normalizePassword } from '../../domain/rules/password-policy';

/** OWASP's argon2id parameters: 19 MiB, 2 passes, 1 lane. argon2id is algorithm 2 of @node-rs/argon2. */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** The argon2id cost parameters. */
export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** The cost passwords are hashed with and stored hashes are measured against: OWASP's in every process. */
let currentCost: Argon2Cost = ARGON2_OPTIONS;

/**
 * For the unit tests' processes only (ESLint refuses it anywhere outside tests/, and no configuration
 * reaches it): hashes at `cost` instead of OWASP's, and counts a stored hash as weaker only below `cost`;
 * null brings OWASP's back. A server test file makes hundreds of hashes, each about 25 ms of CPU at OWASP's
 * cost, and no test but the hasher's own depends on a hash being slow.
 */
export function setArgon2CostForTests(cost: Argon2Cost | null): void {
  currentCost = cost ?? ARGON2_OPTIONS;
  // The decoy is checked like a stored hash: made again at the new cost on its next use.
  decoyHash = null;
}

/**
 * Hashes a password with argon2id on the libuv thread pool, never on the event loop. The password is
 * hashed whole, after NFKC normalisation (domain/rules/password-policy.ts), never trimmed or truncated.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(normalizePassword(password), { algorithm: ARGON2_OPTIONS.algorithm, ...currentCost });
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
    parameters.m < currentCost.memoryCost ||
    parameters.t < currentCost.timeCost ||
    parameters.p < currentCost.parallelism
  );
}

/**
 * The one-time scheme: `$otp-hmac-sha256$<salt>$<mac>`, the HMAC-SHA-256 of the password keyed with a
 * random 16-byte salt of its own (both base64url). Only machine-generated passwords of at least 80 bits of
 * entropy get it (a bulk import's initial passwords, see HIGH_ENTROPY_PASSWORD_LENGTH), and only while the
 * account must change its password at the next sign-in.
 *
 * Why a fast hash is safe for random secrets but not for chosen ones: a slow hash such as argon2id exists to
 * make guessing from a stolen hash expensive, because people choose passwords from a small, predictable space
 * (words, names, dates, keyboard patterns, leaked lists) that a GPU walks through at billions of guesses a
 * second; 20 ms per guess is what keeps a chosen password out of reach. A generated password has no such
 * space: every one of its 2^80 or more values is equally likely, so even 10^12 HMAC guesses a second would
 * need about 19,000 years on average, slow hash or not. argon2id would add nothing there but ~20 ms per
 * member (minutes for a 10,000-row import). The per-row salt keeps equal passwords' hashes apart and rules
 * out precomputed tables. The scheme is never used for a password a person chose or typed (hashPassword is
 * always argon2id), and checkPasswordHash accepts it only when its caller says the account is flagged for
 * a forced change, whose change replaces it with argon2id.
 */
export const ONE_TIME_HASH_PREFIX = '$otp-hmac-sha256$';

/** A hash of a machine-generated one-time password in the one-time scheme (see ONE_TIME_HASH_PREFIX). */
export function hashOneTimePassword(password: string): string {
  const salt = randomBytes(16);
  const mac = createHmac('sha256', salt).update(normalizePassword(password), 'utf8').digest();
  return `${ONE_TIME_HASH_PREFIX}${salt.toString('base64url')}$${mac.toString('base64url')}`;
}

/** Whether a stored hash is in the one-time scheme (a generated password that must be changed). */
export function isOneTimePasswordHash(stored: string): boolean {
  return stored.startsWith(ONE_TIME_HASH_PREFIX);
}

/** Whether a password matches a one-time hash, compared in constant time; false for a malformed hash. */
function matchesOneTimeHash(stored: string, password: string): boolean {
  const [salt, mac] = stored.slice(ONE_TIME_HASH_PREFIX.length).split('$');
  if (!salt || !mac) return false;
  const expected = Buffer.from(mac, 'base64url');
  const actual = createHmac('sha256', Buffer.from(salt, 'base64url'))
    .update(normalizePassword(password), 'utf8')
    .digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
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

/** What a check may accept besides argon2id. */
export interface PasswordCheckOptions {
  /**
   * The account is flagged to change its password at the next sign-in, and the check is one of its
   * password's own uses (sign-in, the old password of the change, the screen unlock): only then does a
   * one-time hash (see ONE_TIME_HASH_PREFIX) match. Anywhere else it never does.
   */
  oneTimeAllowed?: boolean;
}

/**
 * Checks a password against a stored hash: its normalised form first, then, when normalising changed it,
 * the form as typed (hashes made before normalisation). Without a stored hash (unknown account) it does the
 * same work against a decoy, so both answers take the same time. A one-time hash matches only with
 * `oneTimeAllowed`; it is checked with the same decoy work beside it, so its answers take as long as an
 * argon2id check and timing does not tell which accounts hold one.
 */
export async function checkPasswordHash(
  storedHash: string | null,
  password: string,
  options: PasswordCheckOptions = {},
): Promise<PasswordCheck> {
  const normalized = normalizePassword(password);
  const candidates = normalized === password ? [normalized] : [normalized, password];
  if (storedHash === null || isOneTimePasswordHash(storedHash)) {
    decoyHash ??= hashPassword('decoy-password-that-matches-nothing');
    const decoy = await decoyHash;
    for (const candidate of candidates) await verify(decoy, candidate).catch(() => false);
    const matches =
      storedHash !== null && options.oneTimeAllowed === true && matchesOneTimeHash(storedHash, password);
    // Never re-hashed at sign-in: the forced change replaces it with argon2id of the member's own choice.
    return { matches, needsRehash: false };
  }
  for (const [index, candidate] of candidates.entries()) {
    if (await verify(storedHash, candidate).catch(() => false)) {
      return { matches: true, needsRehash: index > 0 || isWeakerThanCurrent(storedHash) };
    }
  }
  return { matches: false, needsRehash: false };
}

/** Whether a password matches a stored hash (see checkPasswordHash); null verifies against the decoy. */
export async function verifyPassword(
  storedHash: string | null,
  password: string,
  options: PasswordCheckOptions = {},
): Promise<boolean> {
  return (await checkPasswordHash(storedHash, password, options)).matches;
}

/** Computes the decoy early so the first unknown-account sign-in is not faster than the rest. */
export async function warmUpPasswordHasher(): Promise<void> {
  decoyHash ??= hashPassword('decoy-password-that-matches-nothing');
  await decoyHash;
}

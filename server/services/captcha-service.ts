import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  CAPTCHA_ALPHABET,
  CAPTCHA_IP_LIMIT,
  CAPTCHA_IP_WINDOW_MS,
  CAPTCHA_LENGTH,
  CAPTCHA_TTL_MS,
} from '../../domain/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { ApiError } from '../core/errors';
import { countingRepositories, withTransaction } from '../repositories';
import { drawCaptcha } from '../security/captcha-image';
import { safeEqualHex } from '../security/tokens';

/** A new captcha: the id the client sends back with the answer, and the image to show. */
export interface IssuedCaptcha {
  id: string;
  image: string;
  expiresAt: number;
}

/** What the captcha service works with. */
export interface CaptchaDeps {
  db: Kysely<Database>;
}

/** What is stored of an answer: a hash salted with the captcha's id, over the upper-cased text. */
function answerHash(id: string, answer: string): string {
  return createHash('sha256').update(`${id}:${answer.toUpperCase()}`).digest('hex');
}

/** CAPTCHA_LENGTH characters of CAPTCHA_ALPHABET from the CSPRNG. */
export function randomCaptchaText(): string {
  let text = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i += 1) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

/**
 * Makes a captcha for one address (at most CAPTCHA_IP_LIMIT per window, then 'too frequent'): the answer
 * is kept only as a hash, and the captcha expires after CAPTCHA_TTL_MS.
 */
export async function issueCaptcha(
  { db }: CaptchaDeps,
  ip: string,
  now: number,
  text: string = randomCaptchaText(),
): Promise<IssuedCaptcha> {
  const id = randomBytes(16).toString('base64url');
  const expiresAt = now + CAPTCHA_TTL_MS;
  await withTransaction(db, async (tx) => {
    const count = await tx.sendCounters.increment(`captcha:ip:${ip}`, now, CAPTCHA_IP_WINDOW_MS);
    // Thrown inside the transaction, so a refused request does not count.
    if (count > CAPTCHA_IP_LIMIT) throw new ApiError(429, 'errors.request.tooFrequent');
    await tx.captchas.insert({ id, answerHash: answerHash(id, text), now, expiresAt });
  });
  return { id, image: await drawCaptcha(text), expiresAt };
}

/**
 * Checks a captcha answer, case-insensitively. The captcha is used up whatever the answer, so a wrong
 * answer cannot be followed by another guess at the same image. Unknown, used and expired captchas are
 * `errors.captcha.expired`; a wrong answer is `errors.captcha.wrong`. Using it up must outlast the refusal,
 * so the check runs outside any transaction (see countingRepositories).
 */
export async function checkCaptcha(
  db: Kysely<Database>,
  captcha: { id: string; answer: string },
  now: number,
): Promise<void> {
  const repos = countingRepositories(db, 'checkCaptcha');
  const stored = await repos.captchas.take(captcha.id, now);
  if (!stored) throw new ApiError(400, 'errors.captcha.expired');
  if (!safeEqualHex(stored, answerHash(captcha.id, captcha.answer))) {
    throw new ApiError(400, 'errors.captcha.wrong');
  }
}

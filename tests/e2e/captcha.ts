import { createHash } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { CAPTCHA_ALPHABET } from '../../domain/constants';

/**
 * The answer of a captcha, found the way someone holding the database would: by trying every text of
 * CAPTCHA_ALPHABET against the stored hash (21^4 candidates). The server keeps only the hash and draws
 * the text as paths, so a test has no other way to read it.
 */
export function solveCaptcha(dataDir: string, captchaId: string): string {
  const db = new Database(path.join(dataDir, 'portal.sqlite'), { readonly: true });
  try {
    const row = db.prepare('select answer_hash from captchas where id = ?').get(captchaId) as
      { answer_hash: string } | undefined;
    if (!row) throw new Error(`captcha ${captchaId} is not stored`);
    const letters = [...CAPTCHA_ALPHABET];
    for (const a of letters)
      for (const b of letters)
        for (const c of letters)
          for (const d of letters) {
            const text = `${a}${b}${c}${d}`;
            if (createHash('sha256').update(`${captchaId}:${text}`).digest('hex') === row.answer_hash) {
              return text;
            }
          }
    throw new Error('no text matches the captcha hash');
  } finally {
    db.close();
  }
}

/** Remembers the id of every captcha the page fetched, latest last. */
export function watchCaptchas(page: Page): string[] {
  const ids: string[] = [];
  page.on('response', (response) => {
    if (!response.url().endsWith('/api/captcha') || !response.ok()) return;
    void response.json().then((body: { data: { CaptchaId: string } }) => ids.push(body.data.CaptchaId));
  });
  return ids;
}

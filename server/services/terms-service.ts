import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { LANGUAGES } from '../../domain/constants';
import type { Database } from '../db/tables';
import { withTransaction } from '../repositories';

/** The documents a sign-in agrees to (the login page's tick names them). */
const TERMS_DOCUMENTS = ['agreement', 'privacy'] as const;

/**
 * How long a version stands before the files are looked at again (by the app's clock). Every sign-in asks
 * for the version, and the four stats cost a few percent of a sign-in's event-loop time under load (the
 * hashes beside it keep the CPU's caches cold); an operator's edit is in force within a second.
 */
export const TERMS_RECHECK_MS = 1000;

/**
 * The last version computed: its content directory, each file's size and time it was computed from, and
 * when (app clock) the files were last looked at.
 */
let cached: {
  contentDir: string;
  files: string[];
  sizes: number[];
  times: number[];
  version: string;
  checkedAt: number;
} | null = null;

/**
 * The version of the terms in force: a digest of the agreement and privacy documents in every language, so
 * an operator's edit of either is a new version that every account agrees to again (issue 23). The files
 * are looked at again once TERMS_RECHECK_MS has passed (or the clock went back), and digested again only
 * when a file's size or time changed. They are looked at synchronously: four stats of small local files
 * cost microseconds, while asynchronous ones would wait on the thread pool behind every sign-in's argon2id
 * hash (the pool has one thread per core), which doubled a busy sign-in's wait.
 */
export function currentTermsVersion(contentDir: string, now: number): string {
  if (
    cached?.contentDir === contentDir &&
    now >= cached.checkedAt &&
    now - cached.checkedAt < TERMS_RECHECK_MS
  ) {
    return cached.version;
  }
  const files =
    cached?.contentDir === contentDir
      ? cached.files
      : TERMS_DOCUMENTS.flatMap((page) =>
          LANGUAGES.map((lang) => path.join(contentDir, `${page}.${lang}.md`)),
        );
  const stats = files.map((file) => fs.statSync(file, { throwIfNoEntry: false }));
  const sizes = stats.map((stat) => stat?.size ?? -1);
  const times = stats.map((stat) => stat?.mtimeMs ?? 0);
  if (
    cached?.contentDir === contentDir &&
    sizes.every((size, i) => size === cached!.sizes[i]) &&
    times.every((time, i) => time === cached!.times[i])
  ) {
    cached.checkedAt = now;
    return cached.version;
  }
  const hash = createHash('sha256');
  for (const [i, file] of files.entries()) {
    hash.update(file.slice(contentDir.length)).update('\0');
    hash.update(stats[i] ? readOrEmpty(file) : Buffer.alloc(0)).update('\0');
  }
  const version = hash.digest('hex').slice(0, 16);
  cached = { contentDir, files, sizes, times, version, checkedAt: now };
  return version;
}

/** A document's bytes, or none when it cannot be read (it is then part of the version as empty). */
function readOrEmpty(file: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch {
    return Buffer.alloc(0);
  }
}

/** Records that an account agreed to the terms in force at this sign-in. */
export async function recordTermsAgreement(
  db: Kysely<Database>,
  account: { orgId: number; accountId: number },
  version: string,
  now: number,
): Promise<void> {
  await withTransaction(db, (repos) => repos.termsAgreements.record({ ...account, version, now }));
}

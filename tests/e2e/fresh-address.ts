import path from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll } from 'vitest';
import { sharedServer } from './shared-server';

/**
 * Every browser file signs in from one address against one shared server, so the wrong passwords of earlier
 * files would add up to the address's captcha threshold (README) and change what a later file sees. Each file
 * starts with the address's and the deployment's failure counts forgotten, as after the 15-minute window.
 */
beforeAll(() => {
  const db = new Database(path.join(sharedServer().dataDir, 'portal.sqlite'));
  try {
    db.prepare(
      "delete from auth_failures where key like 'ip:%' or key like 'ip-locks:%' or key = 'global'",
    ).run();
  } finally {
    db.close();
  }
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal } from '../../../server/start';
import { StartupFailure } from '../../../server/startup-failure';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createTestDatabase, engines } from '../../helpers/test-database';

const quiet = { line: () => {}, warn: () => {} };

describe.each(engines())('health and readiness on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('GET /api/ready answers 200 when the database answers and every migration has run', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ status: 'ready', version: t.config.version });
  });

  it('GET /api/ready answers 503 naming the migrations that have not run', async () => {
    const { rows } = await sql<{ name: string; timestamp: string }>`
      select name, timestamp from kysely_migration where name = '0032-member-search-scope'`.execute(
      t.database.db,
    );
    await sql`delete from kysely_migration where name = '0032-member-search-scope'`.execute(t.database.db);
    try {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/ready',
        headers: { 'accept-language': 'en-US' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        message: 'Not ready: the database is not migrated to this version (0032-member-search-scope)',
        error: { key: 'errors.ready.migrationsPending' },
      });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${rows[0].name}, ${rows[0].timestamp})`.execute(
        t.database.db,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('GET /api/ready answers 503 once the instance is stopping; /api/health still 200', async () => {
    t.app.lifecycle.stopping = true;
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().error.key).toBe('errors.ready.stopping');
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.stopping = false;
    }
  });

  it('with the database gone: /api/ready 503 (database), /api/health 200 saying the database is down', async () => {
    const gone = await createTestApp(engine);
    try {
      await gone.database.destroy();
      const ready = await gone.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().error.key).toBe('errors.ready.databaseDown');
      const health = await gone.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json().data).toMatchObject({ status: 'ok', database: 'down' });
    } finally {
      await gone.app.close();
      await gone.database.drop().catch(() => undefined);
    }
  });

  it('refuses to start on a database a newer version migrated, in one line, without migrating it', async () => {
    const database = await createTestDatabase(engine);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-newer-'));
    try {
      await sql`insert into kysely_migration (name, timestamp) values ('9999-from-the-future', '2030-01-01T00:00:00.000Z')`.execute(
        database.db,
      );
      const env: Record<string, string> = {
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        PORT: '0',
        HOST: '127.0.0.1',
      };
      if (database.config.database.kind === 'postgres') env.DATABASE_URL = database.config.database.url;
      else {
        await database.destroy();
        fs.copyFileSync(database.config.database.file, path.join(dataDir, 'portal.sqlite'));
      }
      const failure = await startPortal(env, quiet).then(
        (portal) => portal.close().then(() => null),
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(StartupFailure);
      const message = (failure as Error).message;
      expect(message).not.toContain('\n');
      expect(message).toMatch(
        /was migrated by a newer version of the portal than \d+\.\d+\.\d+ \(9999-from-the-future\): run that version or newer, or restore a backup taken before the upgrade\.$/,
      );
    } finally {
      await database.drop().catch(() => undefined);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

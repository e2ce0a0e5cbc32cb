import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/core/config';
import { createOrganization } from '../../server/provisioning';
import { signedHeaders } from '../helpers/signed-headers';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

const PASSWORD = 'Lab#Pass2026-Quartz';

/** The real app on SQLite with logging on, its log lines captured. */
async function loggedApp(env: Record<string, string>) {
  const database = await createTestDatabase('sqlite');
  await createOrganization(
    database.db,
    {
      name: 'Acme Lab',
      products: [],
      admin: { realName: 'Ada', account: 'ada@acme.test', password: PASSWORD },
    },
    Date.now(),
  );
  const config = loadConfig({ STATIC_DIR: '/nonexistent-client', SEED_DEMO: 'false', ...env });
  const destination = new PassThrough();
  let output = '';
  destination.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const app = await buildApp(config, database, { logDestination: destination });
  await app.ready();
  const signIn = (password: string) =>
    app.inject({
      method: 'POST',
      url: '/api/account/loginV2',
      headers: signedHeaders(config.signingKey, Date.now()),
      payload: { account: 'ada@acme.test', password, agreed: true },
    });
  return {
    app,
    database,
    signIn,
    async lines() {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return output.split('\n').filter(Boolean);
    },
  };
}

describe('request logs', () => {
  let opened: { app: FastifyInstance; database: TestDatabase } | null = null;
  afterEach(async () => {
    await opened?.app.close();
    await opened?.database.drop();
    opened = null;
  });

  it('writes one short line per sign-in, with the failure key, in the default format', async () => {
    const t = (opened = await loggedApp({}));
    await t.signIn('wrong-password');
    await t.signIn(PASSWORD);
    const lines = await t.lines();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^\[\d\d:\d\d:\d\d\] INFO: POST \/api\/account\/loginV2 401 \d+ms errors\.login\.wrongCredentials$/,
    );
    expect(lines[1]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: POST \/api\/account\/loginV2 200 \d+ms$/);
  });

  it('keeps routine reads out of the default level and shows them at debug', async () => {
    const quiet = (opened = await loggedApp({}));
    await quiet.app.inject({ method: 'GET', url: '/api/health' });
    expect(await quiet.lines()).toEqual([]);
    await quiet.app.close();
    await quiet.database.drop();

    const chatty = (opened = await loggedApp({ LOG_LEVEL: 'debug' }));
    await chatty.app.inject({ method: 'GET', url: '/api/health' });
    expect((await chatty.lines()).some((line) => / DEBUG: GET \/api\/health 200 \d+ms$/.test(line))).toBe(
      true,
    );
  });

  it('writes pino JSON with the same facts when LOG_FORMAT=json', async () => {
    const t = (opened = await loggedApp({ LOG_FORMAT: 'json' }));
    await t.signIn('wrong-password');
    const [line] = await t.lines();
    const entry = JSON.parse(line);
    expect(entry).toMatchObject({
      level: 30,
      msg: expect.stringMatching(/^POST \/api\/account\/loginV2 401 \d+ms errors\.login\.wrongCredentials$/),
      request: {
        method: 'POST',
        path: '/api/account/loginV2',
        status: 401,
        key: 'errors.login.wrongCredentials',
      },
    });
  });

  it('never writes a password, a cookie, a session token or a query string', async () => {
    const t = (opened = await loggedApp({ LOG_FORMAT: 'json', LOG_LEVEL: 'trace' }));
    await t.signIn('wrong-password');
    const signedIn = await t.signIn(PASSWORD);
    const token = signedIn.cookies.find((c) => c.name === 'uc_session')!.value;
    await t.app.inject({
      method: 'GET',
      url: '/api/account/current',
      headers: { cookie: `uc_session=${token}` },
    });
    await t.app.inject({ method: 'GET', url: '/demo-product/ELN?ticket=secret-ticket' });
    const output = (await t.lines()).join('\n');
    expect(output).toContain('/demo-product/ELN 200');
    for (const secret of [PASSWORD, 'wrong-password', token, 'secret-ticket', 'uc_session']) {
      expect(output).not.toContain(secret);
    }
  });

  it('logs an answer of 500 or more as an error', async () => {
    const t = (opened = await loggedApp({ LOG_FORMAT: 'json' }));
    await t.database.destroy();
    // Readiness, not health, answers 503 when the database is down (health answers while the process does).
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    const entry = JSON.parse((await t.lines()).at(-1)!);
    expect(entry).toMatchObject({ level: 50, request: { status: 503, key: 'errors.ready.databaseDown' } });
  });
});

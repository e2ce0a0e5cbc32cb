import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/core/config';
import { firstSheetRows } from '../../../server/files/xlsx-sheet-reader';
import { memberRows, memberWorkbook } from '../../helpers/member-import-files';
import { signedHeaders } from '../../helpers/signed-headers';
import { createClock, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { createTestDatabase, engines } from '../../helpers/test-database';

vi.mock('../../../server/files/xlsx-sheet-reader', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../server/files/xlsx-sheet-reader')>();
  return { ...original, firstSheetRows: vi.fn(original.firstSheetRows) };
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe.each(engines())('member import faults on %s', (engine) => {
  let t: TestApp;
  let cookie: string;
  let output = '';

  beforeAll(async () => {
    const database = await createTestDatabase(engine);
    const config = loadConfig({
      LOG_LEVEL: 'error',
      LOG_FORMAT: 'json',
      STATIC_DIR: '/nonexistent-client',
      SEED_DEMO: 'false',
    });
    const destination = new PassThrough();
    destination.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const clock = createClock();
    const app = await buildApp(config, database, { now: clock.now, logDestination: destination });
    await app.ready();
    t = {
      app,
      database,
      clock,
      config,
      signed: () => signedHeaders(config.signingKey, clock.now()),
      async close() {
        await app.close();
        await database.drop();
      },
    };
    await createTestOrganization(t, 'Acme Lab', { admin: { account: 'admin@acme.test' } });
    cookie = (await signIn(t, 'admin@acme.test')).cookie;
  });
  afterAll(() => t.close());

  const upload = (file: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/import',
      headers: { ...t.signed(), cookie, 'content-type': XLSX, 'accept-language': 'en-US' },
      payload: file,
    });

  it('answers a fault of the reader as a 500 with its cause logged, not as "not an xlsx"', async () => {
    vi.mocked(firstSheetRows).mockImplementationOnce(async function* () {
      yield* [];
      throw new TypeError('the sheet reader met a cell it cannot hold');
    });
    const response = await upload(await memberWorkbook(memberRows(1)));
    expect(response.statusCode).toBe(500);
    expect(response.json().error.key).toBe('errors.request.internal');
    await vi.waitFor(() => expect(output).toContain('the sheet reader met a cell it cannot hold'));
  });

  it('still reads the same file once the reader is sound', async () => {
    const response = await upload(await memberWorkbook(memberRows(1)));
    expect(response.statusCode).toBe(200);
  });
});

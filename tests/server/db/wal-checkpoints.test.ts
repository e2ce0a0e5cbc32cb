import fs from 'node:fs';
import { HOUR_MS } from '../../../domain/constants';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { type DatabaseHandle, openDatabase } from '../../../server/db/database';
import { WAL_SIZE_LIMIT_BYTES } from '../../../server/db/wal-checkpoints';
import { createTestApp, createTestOrganization, TEST_PASSWORD, type TestApp } from '../../helpers/test-app';

const SIGN_INS_PER_ROUND = 100;
const PAGE_BYTES = 4096;
const FRAME_HEADER_BYTES = 24;
const WAL_HEADER_BYTES = 32;
const ROUNDS = 4;

/**
 * The server's embedded database checkpoints its write-ahead log on a timer, not in the commit that fills
 * it (issue 22): sign-ins append to the log past SQLite's default 1000 pages, and each background
 * checkpoint lets the log start over, so it stays the same size however many sign-ins follow.
 */
describe('the write-ahead log under many sign-ins', () => {
  let t: TestApp;
  let server: DatabaseHandle;
  let app: FastifyInstance;
  let walFile: string;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await createTestOrganization(t, 'Wal Lab', { admin: { account: 'admin@wal.test' } });
    // Only the server under test writes (the test app's background workers would checkpoint as they commit).
    await t.app.close();
    const config = t.database.config as { database: { kind: 'sqlite'; file: string } };
    walFile = `${config.database.file}-wal`;
    // The test runs each checkpoint itself (runNow), after a number of sign-ins: the timer never fires.
    server = await openDatabase(config, { checkpointEveryMs: HOUR_MS });
    app = await buildApp(t.config, server, { now: t.clock.now, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await server?.destroy();
    await t?.database.drop();
  });

  const signIns = async (count: number) => {
    for (let index = 0; index < count; index += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/account/loginV2',
        headers: t.signed(),
        payload: { account: 'admin@wal.test', password: TEST_PASSWORD, agreed: true },
      });
      expect(response.statusCode).toBe(200);
    }
  };

  it('is not checkpointed by the sign-ins themselves and stays bounded by the background checkpoint', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      await signIns(SIGN_INS_PER_ROUND);
      const size = fs.statSync(walFile).size;
      const { logPages, checkpointedPages } = await server.walCheckpoints!.runNow();
      // Past SQLite's own threshold: no commit stopped to checkpoint it.
      expect(logPages).toBeGreaterThan(1000);
      expect(checkpointedPages).toBe(logPages);
      expect(server.walCheckpoints!.ownThread).toBe(true);
      // The file holds this round's pages only (each a 24-byte frame header, after a 32-byte file header):
      // the round before was checkpointed and the log started over, cut back to the size limit.
      const thisRound = WAL_HEADER_BYTES + logPages * (PAGE_BYTES + FRAME_HEADER_BYTES);
      expect(size).toBeLessThanOrEqual(Math.max(thisRound, WAL_SIZE_LIMIT_BYTES));
    }
  });
});

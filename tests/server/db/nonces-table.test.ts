import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as noncesWithoutRowid from '../../../server/db/migrations/0052-nonces-without-rowid';
import { createNoncesRepository } from '../../../server/repositories/nonces-repository';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';

/**
 * Every signed change stores its nonce: on SQLite in the primary key's own b-tree (migration 0052), one
 * page written per nonce instead of a rowid table's and a unique index's.
 */
describe('the request nonces on SQLite', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(() => database.drop());

  const trees = async () =>
    (
      await sql<{ name: string; sql: string | null }>`
        select name, sql from sqlite_schema where tbl_name = 'request_nonces' order by name`.execute(
        database.db,
      )
    ).rows;

  it('keeps them in the primary key alone, takes each once only and forgets the expired ones', async () => {
    const found = await trees();
    expect(found.map((tree) => tree.name)).toEqual(['request_nonces', 'request_nonces_expiry']);
    expect(found[0].sql).toMatch(/without rowid\s*$/i);
    // And it still takes a nonce once only, and forgets the expired ones only.
    const nonces = createNoncesRepository(database.db);
    expect(await nonces.remember('n'.repeat(43), 2000)).toBe(true);
    expect(await nonces.remember('n'.repeat(43), 3000)).toBe(false);
    expect(await nonces.remember('m'.repeat(43), 1000)).toBe(true);
    await nonces.purgeExpired(1500);
    expect(await nonces.seen('m'.repeat(43))).toBe(false);
    expect(await nonces.seen('n'.repeat(43))).toBe(true);
  });

  it('keeps the nonces it holds when the migration is undone and done again', async () => {
    await noncesWithoutRowid.down(database.db as unknown as Kysely<unknown>);
    expect((await trees()).map((tree) => tree.name)).toEqual([
      'request_nonces',
      'request_nonces_expiry',
      'sqlite_autoindex_request_nonces_1',
    ]);
    await noncesWithoutRowid.up(database.db as unknown as Kysely<unknown>);
    const nonces = createNoncesRepository(database.db);
    expect(await nonces.seen('n'.repeat(43))).toBe(true);
    expect(await nonces.remember('n'.repeat(43), 3000)).toBe(false);
  });
});

import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as personal from '../../../server/db/migrations/0013-personal';
import { createTestDatabase, engines, type TestDatabase } from '../../helpers/test-database';

describe.each(engines())('migration 0013-personal on %s', (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('goes down and up again, taking the photos table and the industry column with it', async () => {
    const tables = async () => (await database.db.introspection.getTables()).map((table) => table.name);
    const columns = async () =>
      (await database.db.introspection.getTables())
        .find((table) => table.name === 'accounts')!
        .columns.map((c) => c.name);
    expect(await tables()).toContain('account_photos');
    expect(await columns()).toContain('industry_area');
    const untyped = database.db as unknown as Kysely<unknown>;
    await personal.down(untyped);
    expect(await tables()).not.toContain('account_photos');
    expect(await columns()).not.toContain('industry_area');
    await personal.up(untyped);
    expect(await tables()).toContain('account_photos');
    const count = await sql<{ n: number }>`select count(*) as n from account_photos`.execute(database.db);
    expect(Number(count.rows[0].n)).toBe(0);
  });
});

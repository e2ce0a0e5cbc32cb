import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { compiledOnce } from '../../../server/db/compiled-once';
import type { Database } from '../../../server/db/tables';
import { createRepositories } from '../../../server/repositories';
import { createTestDatabase, engines, type TestDatabase } from '../../helpers/test-database';

describe.each(engines())('compiledOnce on %s', (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const repos = createRepositories(database.db);
    for (const name of ['Acme Lab', 'Beta Lab', 'Gamma Lab']) await repos.organizations.insert(name, 1000);
  });
  afterAll(() => database.drop());

  it('binds each call its own values, in their places, and keeps the values the query fixes', async () => {
    const db = database.db;
    const named = compiledOnce(
      db,
      (prefix: string, createdAt: number) =>
        db
          .selectFrom('organizations')
          .select('name')
          .where('name', 'like', prefix)
          .where('created_at', '=', createdAt)
          .where('name', '!=', 'Gamma Lab')
          .orderBy('name'),
      2,
    );
    expect((await named('%Lab', 1000)).map((row) => row.name)).toEqual(['Acme Lab', 'Beta Lab']);
    expect((await named('B%', 1000)).map((row) => row.name)).toEqual(['Beta Lab']);
    expect(await named('%', 2000)).toEqual([]);
  });

  it('shares a named query between handles of one engine, transactions included, and binds each its values', async () => {
    const db = database.db;
    let builds = 0;
    const lookUp = (handle: typeof db) =>
      compiledOnce(
        handle,
        (name: string) => {
          builds += 1;
          return handle.selectFrom('organizations').select('name').where('name', '=', name);
        },
        1,
        'test.organizationByName',
      );
    expect(await lookUp(db)('Acme Lab')).toEqual([{ name: 'Acme Lab' }]);
    const inTransaction = await db
      .transaction()
      .execute(async (trx) => (await lookUp(trx)('Beta Lab')).map((row) => row.name));
    expect(inTransaction).toEqual(['Beta Lab']);
    expect(await lookUp(db)('Nobody Lab')).toEqual([]);
    expect(builds).toBe(1);
  });

  it('refuses a query that does not bind a placeholder as a value', async () => {
    const db = database.db;
    const literal = compiledOnce(
      db,
      (name: string) => db.selectFrom('organizations').select('id').where('name', '=', sql.lit(name)),
      1,
    );
    await expect(literal('Acme Lab')).rejects.toThrow(/placeholder/);
  });

  it.runIf(engine === 'sqlite')(
    "reads straight from SQLite's connection, not through Kysely's executor, unless a transaction holds it: then it waits, and never sees what is rolled back",
    async () => {
      const db = database.db;
      const byName = compiledOnce(
        db,
        (name: string) => db.selectFrom('organizations').select('name').where('name', '=', name),
        1,
      );
      const executed = vi.spyOn(db.getExecutor(), 'executeQuery');
      try {
        expect(await byName('Acme Lab')).toEqual([{ name: 'Acme Lab' }]);
        expect(executed).not.toHaveBeenCalled();

        // Another request's transaction inserts a row, then fails: the read made meanwhile must not see it.
        let fail!: () => void;
        const failing = new Promise<void>((resolve) => (fail = resolve));
        let inserted!: () => void;
        const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
        const transaction = db.transaction().execute(async (trx) => {
          await createRepositories(trx).organizations.insert('Delta Lab', 1000);
          inserted();
          await failing;
          throw new Error('rolled back');
        });
        await insertedYet;
        const duringTransaction = byName('Delta Lab');
        fail();
        await expect(transaction).rejects.toThrow('rolled back');
        expect(await duringTransaction).toEqual([]);
        expect(executed).toHaveBeenCalled();
      } finally {
        executed.mockRestore();
      }
    },
  );

  it.runIf(engine === 'sqlite')(
    "writes the values the query fixes into its SQL on SQLite, where a bound one made SQLite plan it again at each run, and binds only the caller's",
    async () => {
      const seen: Array<{ sql: string; parameters: readonly unknown[] }> = [];
      const settings = database.config.database;
      if (settings.kind !== 'sqlite') throw new Error('an SQLite database was expected');
      const db = new Kysely<Database>({
        dialect: new SqliteDialect({ database: new SqliteDatabase(settings.file) }),
        log: (event) => {
          seen.push({ sql: event.query.sql, parameters: event.query.parameters });
        },
      });
      try {
        const firstOther = compiledOnce(
          db,
          (createdAt: number) =>
            db
              .selectFrom('organizations')
              .select(['name', sql<number>`${3} / ${2}`.as('half')])
              .where('created_at', '=', createdAt)
              .where('name', '!=', "Gamma's Lab")
              .orderBy('name')
              .limit(1),
          1,
        );
        expect(await firstOther(1000)).toEqual([{ name: 'Acme Lab', half: 1.5 }]);
        expect(await firstOther(2000)).toEqual([]);
        expect(seen.at(-1)?.sql).toMatch(/3\.0 \/ 2\.0 .* != 'Gamma''s Lab' .* limit 1\.0$/);
        expect(seen.map((query) => query.parameters)).toEqual([[1000], [2000]]);
      } finally {
        await db.destroy();
      }
    },
  );
});

import SqliteDatabase from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { compiledOnce } from '../../../server/db/compiled-once';
import { createRepositories } from '../../../server/repositories';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';

/**
 * The embedded database's reads that may be reused (the session lookup every signed-in request makes):
 * the rows of the same read are answered again only while nothing has been committed since, by this
 * connection or by any other (another instance or a command on the same file).
 */
describe('reads reused while nothing is committed (SQLite)', () => {
  let database: TestDatabase;
  let other: SqliteDatabase.Database;
  /** SQL of every statement better-sqlite3 ran with all() since the last check. */
  let ran: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await createRepositories(database.db).organizations.insert('Acme Lab', 1000);
    other = new SqliteDatabase(
      database.config.database.kind === 'sqlite' ? database.config.database.file : '',
    );
    const prototype = Object.getPrototypeOf(other.prepare('select 1')) as {
      all: (...args: unknown[]) => unknown;
    };
    const all = prototype.all;
    vi.spyOn(prototype, 'all').mockImplementation(function (this: { source: string }, ...args: unknown[]) {
      ran.push(this.source);
      return all.apply(this, args);
    });
  });
  afterEach(() => {
    ran = [];
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    other.close();
    await database.drop();
  });

  const organizationReads = () => ran.filter((text) => text.includes('from "organizations"')).length;

  it('answers the rows read before without reading again, and reads again after any commit', async () => {
    const db = database.db;
    const byName = compiledOnce(
      db,
      (name: string) =>
        db.selectFrom('organizations').select(['name', 'created_at']).where('name', '=', name),
      1,
    );
    const first = byName.nowWhileUnchanged('Acme Lab');
    expect(first).toEqual([{ name: 'Acme Lab', created_at: 1000 }]);
    expect(organizationReads()).toBe(1);
    expect(byName.nowWhileUnchanged('Acme Lab')).toBe(first);
    expect(organizationReads()).toBe(1);
    // Another value is another read.
    expect(byName.nowWhileUnchanged('Beta Lab')).toEqual([]);
    expect(organizationReads()).toBe(2);

    // A change through this connection is seen on the next read.
    await db.updateTable('organizations').set({ created_at: 2000 }).where('name', '=', 'Acme Lab').execute();
    expect(byName.nowWhileUnchanged('Acme Lab')).toEqual([{ name: 'Acme Lab', created_at: 2000 }]);
    expect(organizationReads()).toBe(3);

    // So is one committed by another connection to the same file, as another instance would commit it.
    other.prepare(`update organizations set created_at = 3000 where name = 'Acme Lab'`).run();
    expect(byName.nowWhileUnchanged('Acme Lab')).toEqual([{ name: 'Acme Lab', created_at: 3000 }]);
    expect(organizationReads()).toBe(4);
    expect(byName.nowWhileUnchanged('Acme Lab')).toEqual([{ name: 'Acme Lab', created_at: 3000 }]);
    expect(organizationReads()).toBe(4);
  });

  it('reads through the transaction, not from the rows kept, while one is open on the connection', async () => {
    const db = database.db;
    const byName = compiledOnce(
      db,
      (name: string) => db.selectFrom('organizations').select('created_at').where('name', '=', name),
      1,
    );
    expect(byName.nowWhileUnchanged('Acme Lab')).toEqual([{ created_at: 3000 }]);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('organizations')
        .set({ created_at: 4000 })
        .where('name', '=', 'Acme Lab')
        .execute();
      // Not at once: the read waits for the transaction (see readDirectly).
      expect(byName.nowWhileUnchanged('Acme Lab')).toBeUndefined();
    });
    expect(byName.nowWhileUnchanged('Acme Lab')).toEqual([{ created_at: 4000 }]);
  });
});

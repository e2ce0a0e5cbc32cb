import SqliteDatabase from 'better-sqlite3';
import {
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  PostgresDialect,
  SqliteDialect,
} from 'kysely';
import pg from 'pg';
import { allowTransactNow, sqliteTransactNow } from '../../server/db/one-commit';
import type { Database } from '../../server/db/tables';
import type { TestApp } from './test-app';

/** What one database handle ran: each statement's SQL, with 'begin' and 'commit' for transactions. */
export function countingDialect(inner: Dialect, seen: string[]): Dialect {
  const counted = (connection: DatabaseConnection): DatabaseConnection => ({
    executeQuery(query) {
      seen.push(query.sql);
      return connection.executeQuery(query);
    },
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  });
  return {
    createAdapter: () => inner.createAdapter(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createDriver(): Driver {
      const driver = inner.createDriver();
      const wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();
      const innerOf = new WeakMap<DatabaseConnection, DatabaseConnection>();
      return {
        init: () => driver.init(),
        async acquireConnection() {
          const connection = await driver.acquireConnection();
          if (!wrapped.has(connection)) {
            const outer = counted(connection);
            wrapped.set(connection, outer);
            innerOf.set(outer, connection);
          }
          return wrapped.get(connection)!;
        },
        beginTransaction(connection, settings) {
          seen.push('begin');
          return driver.beginTransaction(innerOf.get(connection)!, settings);
        },
        commitTransaction(connection) {
          seen.push('commit');
          return driver.commitTransaction(innerOf.get(connection)!);
        },
        rollbackTransaction(connection) {
          seen.push('rollback');
          return driver.rollbackTransaction(innerOf.get(connection)!);
        },
        releaseConnection: (connection) => driver.releaseConnection(innerOf.get(connection)!),
        destroy: () => driver.destroy(),
      };
    },
  };
}

/**
 * A second handle on the test app's database that records every statement it runs into `seen`. On SQLite
 * its one-commit writes run at once on the connection, as the server's do (database.ts), and are recorded
 * the same way.
 */
export function countingDatabase(t: TestApp, seen: string[]): Kysely<Database> {
  const settings = t.database.config.database;
  if (settings.kind !== 'sqlite') {
    const pool = new pg.Pool({ connectionString: settings.url, max: 2 });
    return new Kysely<Database>({ dialect: countingDialect(new PostgresDialect({ pool }), seen) });
  }
  const sqlite = new SqliteDatabase(settings.file);
  const db = new Kysely<Database>({
    dialect: countingDialect(new SqliteDialect({ database: sqlite }), seen),
  });
  const transact = sqliteTransactNow(sqlite, (sqlText) => {
    seen.push(sqlText);
    return sqlite.prepare(sqlText);
  });
  allowTransactNow(db, (writes) => {
    if (sqlite.inTransaction) return false;
    seen.push('begin');
    try {
      transact(writes);
    } catch (error) {
      seen.push('rollback');
      throw error;
    }
    seen.push('commit');
    return true;
  });
  return db;
}

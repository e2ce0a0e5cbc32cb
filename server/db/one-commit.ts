import type SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, type Kysely } from 'kysely';

/** One write, compiled: its SQL and bound values (CompiledOnce's `statement`). */
export interface Statement {
  sql: string;
  parameters: readonly unknown[];
  /**
   * Thrown (and everything undone) when the write changes no row: an insert that must be new, such as a
   * request's nonce, whose conflict means a replay.
   */
  unlessChanged?: () => Error;
}

/**
 * Runs writes in one transaction at once on an embedded database's connection; false when it cannot (a
 * transaction holds the connection, or the handle is not the embedded database's root handle).
 */
export type TransactNow = (statements: readonly Statement[]) => boolean;

const transactNow = new WeakMap<object, TransactNow>();

/** Lets `db`'s one-commit writes run at once on its connection (openDatabase, for SQLite). */
export function allowTransactNow(db: object, transact: TransactNow): void {
  transactNow.set(db, transact);
}

/**
 * Writes the statements in one transaction: one commit. On the embedded database they run synchronously on
 * its connection when no other transaction holds it: Kysely's transaction costs a mutex, a connection
 * provider and several promises per statement, which a sign-in's five writes paid on every sign-in; run at
 * once, no other request's work can come between them either. PostgreSQL (and SQLite while another
 * transaction is open) goes through Kysely.
 */
export async function writeInOneCommit<DB>(db: Kysely<DB>, statements: readonly Statement[]): Promise<void> {
  if (!db.isTransaction && transactNow.get(db)?.(statements)) return;
  if (db.isTransaction) return writeStatements(db, statements);
  await db.transaction().execute((trx) => writeStatements(trx, statements));
}

/** Runs the statements in order on a transaction the caller holds. */
export async function writeStatements<DB>(trx: Kysely<DB>, statements: readonly Statement[]): Promise<void> {
  for (const statement of statements) {
    const result = await trx.executeQuery(CompiledQuery.raw(statement.sql, [...statement.parameters]));
    const changed = result.rows.length > 0 || Number(result.numAffectedRows ?? 0) > 0;
    if (!changed && statement.unlessChanged) throw statement.unlessChanged();
  }
}

/**
 * One-commit writes on a better-sqlite3 connection: one synchronous transaction (rolled back by a throw),
 * refused while another transaction (Kysely's, waiting between its statements) holds the connection.
 */
export function sqliteTransactNow(
  sqlite: SqliteDatabase.Database,
  prepare: (sql: string) => SqliteDatabase.Statement,
): TransactNow {
  const transact = sqlite.transaction((writes: readonly Statement[]) => {
    for (const write of writes) {
      const statement = prepare(write.sql);
      const changed = statement.reader
        ? statement.all(write.parameters).length > 0
        : statement.run(write.parameters).changes > 0;
      if (!changed && write.unlessChanged) throw write.unlessChanged();
    }
  });
  return (writes) => {
    if (sqlite.inTransaction) return false;
    transact(writes);
    return true;
  };
}

/**
 * A read run at once on an embedded database's connection, bypassing Kysely's executor; undefined when it
 * has to go through Kysely (see readDirectly).
 */
export type DirectRead = (
  sql: string,
  parameters: readonly unknown[],
  reuse: boolean,
) => unknown[] | undefined;

/** The Kysely handles whose connection may be read directly: the embedded database's root handle only. */
const directReads = new WeakMap<object, DirectRead>();

/** Lets compiled reads on `db` run directly on its connection (openDatabase, for SQLite). */
export function allowDirectReads(db: object, read: DirectRead): void {
  directReads.set(db, read);
}

/**
 * The rows of a read of `db`, run at once when `db` allows it and no transaction holds its connection;
 * undefined otherwise. Kysely's executor costs more CPU than SQLite takes to answer a lookup by key (a
 * mutex, a connection provider and several promises per query), and the session lookup every signed-in
 * request makes is such a lookup. While a transaction is open on the connection the read goes through
 * Kysely, which waits for it: a read must never see another request's uncommitted change.
 *
 * With `reuse`, the rows may be those of the same read made earlier, when nothing at all has been committed
 * to the database since (by this connection or any other: another instance, a command): the rows are then
 * shared between callers, who must not change them.
 */
export function readDirectly(
  db: object,
  sql: string,
  parameters: readonly unknown[],
  reuse = false,
): unknown[] | undefined {
  return directReads.get(db)?.(sql, parameters, reuse);
}

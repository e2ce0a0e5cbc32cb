import type { Kysely, Transaction } from 'kysely';
import type { Database } from './tables';

/** Runs `work` in a transaction, joining the caller's when there already is one. */
export function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database> | Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

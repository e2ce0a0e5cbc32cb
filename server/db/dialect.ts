import { PostgresAdapter, type Kysely, type CreateTableBuilder, sql } from 'kysely';

/** Whether a Kysely instance talks to PostgreSQL (migrations differ slightly from SQLite). */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Adds an auto-increment integer primary key `id` in the engine's own idiom. */
export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** 64-bit integer for epoch milliseconds and ids that reference bigserial keys. */
export const BIGINT = sql`bigint`;

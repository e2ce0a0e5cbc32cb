import { type Kysely, sql } from 'kysely';
import { MIGRATION_NAMES } from './migrate';
import type { Database } from './tables';

/** How the database's migrations compare with this code's. */
export interface MigrationState {
  /** Migrations of this code the database has not run yet. */
  pending: string[];
  /** Migrations the database ran that this code does not know: a newer version migrated it. */
  unknown: string[];
}

/** Whether an error says the migrations' own table does not exist yet (a database never migrated). */
function isMissingTable(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '42P01' || (typeof message === 'string' && /no such table/i.test(message));
}

/** Compares the migrations the database ran (Kysely's table) with those this code knows. */
export async function migrationState(
  db: Kysely<Database>,
  known: readonly string[] = MIGRATION_NAMES,
): Promise<MigrationState> {
  let applied: string[];
  try {
    const result = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    applied = result.rows.map((row) => row.name);
  } catch (error) {
    if (!isMissingTable(error)) throw error;
    applied = [];
  }
  const ran = new Set(applied);
  const knownSet = new Set(known);
  return {
    pending: known.filter((name) => !ran.has(name)),
    unknown: applied.filter((name) => !knownSet.has(name)).sort(),
  };
}

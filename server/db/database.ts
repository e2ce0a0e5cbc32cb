import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { AppConfig } from '../core/config';
import type { Database } from './tables';
import { allowDirectReads } from './direct-reads';
import { allowTransactNow, sqliteTransactNow } from './one-commit';
import { startWalCheckpoints, type WalCheckpoints } from './wal-checkpoints';

/** The database handle the server uses, with which engine is behind it. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'sqlite' | 'postgres';
  destroy(): Promise<void>;
  /** The PostgreSQL pool itself (the copy to PostgreSQL runs one long transaction on one client). */
  pool?: import('pg').Pool;
  /** The PostgreSQL pool's connections now (metrics); absent on SQLite. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  /** The embedded database's background checkpoints, when it was opened with them. */
  walCheckpoints?: WalCheckpoints;
}

export interface OpenDatabaseOptions {
  /**
   * The server's own handle: the embedded database's write-ahead log is checkpointed by a timer of this
   * period rather than by the commit that fills it (wal-checkpoints.ts). A command-line run keeps
   * SQLite's default.
   */
  checkpointEveryMs?: number;
}

/**
 * Opens the configured database: embedded SQLite (WAL) by default, PostgreSQL when DATABASE_URL is set.
 * The PostgreSQL driver loads only when it is used: it is a tenth of the embedded server's start-up.
 */
export async function openDatabase(
  config: Pick<AppConfig, 'database'>,
  options: OpenDatabaseOptions = {},
): Promise<DatabaseHandle> {
  if (config.database.kind === 'postgres') {
    const { default: pg } = await import('pg');
    // BIGINT columns hold epoch milliseconds, well within Number's exact range.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
    const max = config.database.poolSize;
    const pool = new pg.Pool({ connectionString: config.database.url, max });
    // An idle connection the server ends (a restart, a failover, an administrator's terminate) is an
    // 'error' event on the pool: unheard, it would stop the process. The pool drops that connection and
    // the next query opens a new one, so it is only worth a line in the log.
    pool.on('error', (error: Error) => {
      console.warn(`PostgreSQL closed an idle connection: ${error.message}`);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      destroy: () => db.destroy(),
      pool,
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max,
      }),
    };
  }
  fs.mkdirSync(path.dirname(config.database.file), { recursive: true });
  const sqlite = new SqliteDatabase(config.database.file);
  sqlite.pragma('journal_mode = WAL');
  // NORMAL is durable across application crashes in WAL mode; only an OS crash may lose the last commits.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const statements = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  // better-sqlite3 answers synchronously: a read outside any transaction needs nothing of Kysely's queue.
  const direct = directReader(sqlite);
  allowDirectReads(db, (sqlText, parameters, reuse) =>
    sqlite.inTransaction ? undefined : direct(sqlText, parameters, reuse),
  );
  // And writes that make one commit (one-commit.ts) run as one better-sqlite3 transaction, at once.
  allowTransactNow(
    db,
    sqliteTransactNow(sqlite, (sqlText) => statements.prepare(sqlText)),
  );
  const walCheckpoints =
    options.checkpointEveryMs === undefined
      ? undefined
      : startWalCheckpoints(sqlite, options.checkpointEveryMs);
  return {
    db,
    kind: 'sqlite',
    destroy: () => {
      walCheckpoints?.stop();
      return db.destroy();
    },
    walCheckpoints,
  };
}

/** A direct read's statement: answering rows as arrays, with its column names to make them objects. */
interface DirectStatement {
  statement: SqliteDatabase.Statement;
  columns: string[];
  /** Rows of reads asked with `reuse`, by their values, read since the commit count `reusedAt`. */
  reused: Map<string, unknown[]>;
  reusedAt: number;
}

/** How many reads of one statement are kept for reuse (the session lookup: one per signed-in token). */
const REUSED_READS = 2_000;

/**
 * The direct reads' statements (a few shapes: see compiledOnce), prepared apart from Kysely's because they
 * answer rows as arrays. better-sqlite3 builds an object row in C++ one property at a time, which costs a
 * fifth of the session lookup; an array made into an object here, with the same keys in the same order
 * (a later column of the same name winning, as there), costs next to nothing. Null for a statement that
 * is no plain read (an INSERT ... RETURNING also answers rows): it goes through Kysely.
 *
 * A read asked with `reuse` (readDirectly) answers the rows it read before while nothing has been committed
 * since: SQLite's data_version moves with every commit of another connection (another instance or process,
 * the database shared), total_changes() with every row this connection has changed. Both are read before
 * the rows, so rows kept are never older than the count they are kept under; asking the two costs a
 * fraction of the session lookup's join of four tables.
 */
function directReader(sqlite: SqliteDatabase.Database) {
  const prepared = new Map<string, DirectStatement | null>();
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  const ownChanges = sqlite.prepare('select total_changes()').pluck();
  let commits = 0;
  let seenVersion: unknown = null;
  let seenChanges: unknown = null;
  const commitCount = () => {
    const version = dataVersion.get();
    const changes = ownChanges.get();
    if (version !== seenVersion || changes !== seenChanges) {
      seenVersion = version;
      seenChanges = changes;
      commits += 1;
    }
    return commits;
  };
  const rowsOf = ({ statement, columns }: DirectStatement, parameters: readonly unknown[]) => {
    const rows = statement.all(parameters) as unknown[][];
    const objects = new Array<Record<string, unknown>>(rows.length);
    for (let index = 0; index < rows.length; index += 1) {
      const values = rows[index];
      const row: Record<string, unknown> = {};
      for (let column = 0; column < columns.length; column += 1) row[columns[column]] = values[column];
      objects[index] = row;
    }
    return objects;
  };
  return (sqlText: string, parameters: readonly unknown[], reuse: boolean): unknown[] | undefined => {
    let direct = prepared.get(sqlText);
    if (direct === undefined) {
      const statement = sqlite.prepare(sqlText);
      direct =
        statement.reader && statement.readonly
          ? {
              statement: statement.raw(true),
              columns: statement.columns().map((column) => column.name),
              reused: new Map(),
              reusedAt: -1,
            }
          : null;
      if (prepared.size >= STATEMENT_CACHE_SIZE) prepared.delete(prepared.keys().next().value!);
      prepared.set(sqlText, direct);
    }
    if (direct === null) return undefined;
    if (!reuse) return rowsOf(direct, parameters);
    const count = commitCount();
    if (direct.reusedAt !== count) {
      direct.reused.clear();
      direct.reusedAt = count;
    }
    const key =
      parameters.length === 1 && typeof parameters[0] === 'string'
        ? parameters[0]
        : JSON.stringify(parameters);
    let rows = direct.reused.get(key);
    if (rows === undefined) {
      rows = rowsOf(direct, parameters);
      if (direct.reused.size >= REUSED_READS) direct.reused.delete(direct.reused.keys().next().value!);
      direct.reused.set(key, rows);
    }
    return rows;
  };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; the SQL text of a query shape never changes, so prepared statements
 * are kept and reused (at most STATEMENT_CACHE_SIZE, oldest dropped first). Kysely runs one query at a time
 * on this connection, so a statement is never in use twice at once.
 */
function withStatementCache(sqlite: SqliteDatabase.Database) {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      let statement = statements.get(sqlText);
      if (!statement) {
        statement = sqlite.prepare(sqlText);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
        statements.set(sqlText, statement);
      }
      return statement;
    },
  };
}

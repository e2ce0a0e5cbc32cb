import type SqliteDatabase from 'better-sqlite3';

/** How often the embedded database's write-ahead log is copied back into the database file. */
export const WAL_CHECKPOINT_EVERY_MS = 1000;

/**
 * The log's size (pages of 4 KiB) at which SQLite checkpoints by itself, on the request that commits past
 * it: the bound for when the timer below falls behind. A sign-in appends a few dozen pages, so a busy
 * second of sign-ins appends a few thousand.
 */
export const WAL_SAFETY_CHECKPOINT_PAGES = 10000;

/** What a reset log file is cut back to (bytes), so one burst of writes does not leave it large for good. */
export const WAL_SIZE_LIMIT_BYTES = 4 * 1024 * 1024;

/** The background checkpoints of one embedded database: `runNow` for a caller that must not wait. */
export interface WalCheckpoints {
  runNow(): { logPages: number; checkpointedPages: number };
  stop(): void;
}

/**
 * Moves the write-ahead log's checkpoints off the request path. SQLite's automatic checkpoint runs inside
 * the commit that crosses 1000 pages: with about 40 pages per sign-in, every 25th sign-in waited for
 * the copy and its fsync (about 1.5 ms of a blocked event loop). A timer (unref'd: it keeps no process
 * alive) runs a PASSIVE checkpoint instead, which never waits for a reader or a writer, and copies a page
 * written by many commits once. The log file is cut back to WAL_SIZE_LIMIT_BYTES whenever it starts over
 * (journal_size_limit), and SQLite's own checkpoint stays as the bound at WAL_SAFETY_CHECKPOINT_PAGES.
 */
export function startWalCheckpoints(sqlite: SqliteDatabase.Database, everyMs: number): WalCheckpoints {
  sqlite.pragma(`wal_autocheckpoint = ${WAL_SAFETY_CHECKPOINT_PAGES}`);
  sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  const runNow = () => {
    // Never inside a transaction the server holds open (SQLite refuses it there anyway).
    if (sqlite.inTransaction || !sqlite.open) return { logPages: 0, checkpointedPages: 0 };
    const [row] = sqlite.pragma('wal_checkpoint(PASSIVE)') as Array<{
      busy: number;
      log: number;
      checkpointed: number;
    }>;
    return { logPages: row?.log ?? 0, checkpointedPages: row?.checkpointed ?? 0 };
  };
  const timer = setInterval(runNow, everyMs);
  timer.unref();
  return { runNow, stop: () => clearInterval(timer) };
}

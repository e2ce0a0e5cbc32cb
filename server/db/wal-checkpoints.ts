import { Worker } from 'node:worker_threads';
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

/** One checkpoint's outcome: the log's pages and how many of them are now in the database file. */
export interface CheckpointOutcome {
  logPages: number;
  checkpointedPages: number;
}

/** The background checkpoints of one embedded database: `runNow` for a caller that must not wait. */
export interface WalCheckpoints {
  runNow(): Promise<CheckpointOutcome>;
  /** Whether the checkpoints run on their own thread (else on the event loop's). */
  readonly ownThread: boolean;
  stop(): void;
}

/**
 * The checkpointing thread: its own connection to the database file, a PASSIVE checkpoint on each
 * message. A checkpoint from another connection is SQLite's normal way; PASSIVE never waits for the
 * server's connection, which goes on writing while the pages are copied and synced.
 */
const CHECKPOINTER = `
  const { parentPort, workerData } = require('node:worker_threads');
  const Database = require('better-sqlite3');
  const db = new Database(workerData.file);
  db.pragma('busy_timeout = 0');
  parentPort.on('message', (id) => {
    let outcome = { logPages: 0, checkpointedPages: 0 };
    try {
      const [row] = db.pragma('wal_checkpoint(PASSIVE)');
      outcome = { logPages: row.log, checkpointedPages: row.checkpointed };
    } catch {}
    parentPort.postMessage({ id, outcome });
  });`;

/**
 * Moves the write-ahead log's checkpoints off the request path. SQLite's automatic checkpoint runs inside
 * the commit that crosses 1000 pages: at a few dozen pages per sign-in, every few dozen sign-ins waited
 * for the copy and its fsync on the event loop. Instead a thread of its own runs a PASSIVE checkpoint on
 * a timer (unref'd: it keeps no process alive), which copies a page written by many commits once. The log
 * file is cut back to WAL_SIZE_LIMIT_BYTES whenever it starts over (journal_size_limit), and SQLite's
 * own checkpoint stays as the bound at WAL_SAFETY_CHECKPOINT_PAGES. Should the thread not start, the
 * checkpoints run on the event loop's timer instead.
 */
export function startWalCheckpoints(sqlite: SqliteDatabase.Database, everyMs: number): WalCheckpoints {
  sqlite.pragma(`wal_autocheckpoint = ${WAL_SAFETY_CHECKPOINT_PAGES}`);
  sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  const onThisThread = (): CheckpointOutcome => {
    if (sqlite.inTransaction || !sqlite.open) return { logPages: 0, checkpointedPages: 0 };
    const [row] = sqlite.pragma('wal_checkpoint(PASSIVE)') as Array<{ log: number; checkpointed: number }>;
    return { logPages: row?.log ?? 0, checkpointedPages: row?.checkpointed ?? 0 };
  };
  let worker: Worker | null = new Worker(CHECKPOINTER, { eval: true, workerData: { file: sqlite.name } });
  worker.unref();
  const waiting = new Map<number, (outcome: CheckpointOutcome) => void>();
  let nextId = 0;
  const settleAll = () => {
    for (const resolve of waiting.values()) resolve(onThisThread());
    waiting.clear();
  };
  worker.on('message', ({ id, outcome }: { id: number; outcome: CheckpointOutcome }) => {
    waiting.get(id)?.(outcome);
    waiting.delete(id);
  });
  worker.on('error', () => {
    worker = null;
    settleAll();
  });
  const runNow = (): Promise<CheckpointOutcome> => {
    if (!worker) return Promise.resolve(onThisThread());
    const id = (nextId += 1);
    const answered = new Promise<CheckpointOutcome>((resolve) => waiting.set(id, resolve));
    worker.postMessage(id);
    return answered;
  };
  const timer = setInterval(() => void runNow(), everyMs);
  timer.unref();
  return {
    runNow,
    get ownThread() {
      return worker !== null;
    },
    stop: () => {
      clearInterval(timer);
      settleAll();
      void worker?.terminate();
      worker = null;
    },
  };
}

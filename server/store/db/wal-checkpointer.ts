import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';
import type { Log } from '../../log';

/** How often the worker copies committed pages back into the database file. */
const CHECKPOINT_INTERVAL_MS = 200;
/** SQLite's own default, which the main connection returns to if the worker is lost. */
const AUTOCHECKPOINT_PAGES = 1000;
/**
 * A WAL that a burst grew is cut back to this when it next starts over, so the disk is given
 * back without a TRUNCATE checkpoint, which would make writers wait.
 */
const JOURNAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

export type WalCheckpointerOptions = {
  /** The database file, open in WAL mode on `database`. */
  file: string;
  /** The store's own connection: it stops checkpointing while the worker does. */
  database: BetterSqlite3.Database;
  busyTimeoutMs: number;
  intervalMs?: number;
  /** Told when checkpoints fail, resume, or go back to the store's own connection. */
  log: Log;
};

export type WalCheckpointer = {
  /**
   * Copies the whole WAL into the database file and cuts the WAL to nothing, so no frame of a
   * deleted row is left in it; false when a reader kept it from finishing (it is tried again).
   */
  truncateWal: () => Promise<boolean>;
  /** Closes the worker's connection and thread; the last connection to close ends the WAL. */
  stop: () => Promise<void>;
};

/**
 * The worker's code, evaluated rather than loaded from a file, because it must run the same
 * from the TypeScript sources (tsx, Vitest) and from the bundled server, whose chunks do not
 * keep their source paths. It needs nothing but better-sqlite3, resolved by the main thread.
 *
 * A PASSIVE checkpoint never waits for and never blocks a writer or a reader. One that fails
 * (a full disk) is tried again on the next turn, as SQLite's own would be at the next commit;
 * only a worker that cannot start, or dies, hands checkpointing back to the main thread.
 * Asked to, it runs a TRUNCATE checkpoint, which waits for writers here rather than on the
 * event loop, and says whether it finished.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
// better-sqlite3's errors reach the main thread without their message unless made plain here.
function reasonOf(error) {
  return error && error.code ? error.code + ': ' + error.message : String(error);
}
const Database = require(workerData.driverPath);
let db;
try {
  db = new Database(workerData.file, { fileMustExist: true, timeout: workerData.busyTimeoutMs });
} catch (error) {
  throw new Error(reasonOf(error));
}
db.pragma('synchronous = FULL');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
let failing = false;
const timer = setInterval(() => {
  try {
    checkpoint.run();
    if (failing) parentPort.postMessage({ kind: 'resumed' });
    failing = false;
  } catch (error) {
    // A full or failing disk may come back; the pages wait in the WAL until it does.
    if (!failing) parentPort.postMessage({ kind: 'failing', reason: reasonOf(error) });
    failing = true;
  }
}, workerData.intervalMs);
const truncate = db.prepare('PRAGMA wal_checkpoint(TRUNCATE)');
parentPort.on('message', (message) => {
  if (message === 'truncate') {
    try {
      parentPort.postMessage({ kind: 'truncated', isDone: truncate.get().busy === 0 });
    } catch (error) {
      parentPort.postMessage({ kind: 'truncated', isDone: false, reason: reasonOf(error) });
    }
    return;
  }
  clearInterval(timer);
  db.close();
  parentPort.close();
});
parentPort.postMessage({ kind: 'ready' });
`;

type WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'resumed' }
  | { kind: 'failing'; reason: string }
  | { kind: 'truncated'; isDone: boolean; reason?: string };

type CheckpointResult = { busy: number };

/**
 * Moves SQLite's WAL checkpoint off the event loop. By default the connection that commits
 * also checkpoints every thousand pages, copying them into the database file and syncing it
 * while every request waits (decision 0058). Here a worker thread with a connection of its own
 * does it every `intervalMs`, and the store's connection never does.
 */
export function startWalCheckpointer({
  file,
  database,
  busyTimeoutMs,
  intervalMs = CHECKPOINT_INTERVAL_MS,
  log,
}: WalCheckpointerOptions): WalCheckpointer {
  const driverPath = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driverPath, file, busyTimeoutMs, intervalMs },
  });
  let isStopping = false;
  let isLost = false;
  /** Truncations asked of the worker, answered in the order they were asked. */
  const truncating: ((isDone: boolean) => void)[] = [];
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));

  /** The TRUNCATE checkpoint on the store's own connection, once the worker is gone. */
  function truncateHere(): boolean {
    try {
      const [result] = database.pragma('wal_checkpoint(TRUNCATE)') as CheckpointResult[];
      return result?.busy === 0;
    } catch (error) {
      log('warn', 'SQLite WAL truncation failed', {
        reason: error instanceof Error ? error.message : String(error),
      });
      return false;
    }
  }

  function takeBack(error: Error): void {
    if (isStopping || isLost || !database.open) return;
    isLost = true;
    database.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
    log('warn', 'SQLite checkpoints are back on the main thread', { reason: error.message });
    for (const answer of truncating.splice(0)) answer(truncateHere());
  }

  database.pragma(`journal_size_limit = ${JOURNAL_SIZE_LIMIT_BYTES}`);
  worker.on('message', (message: WorkerMessage) => {
    if (message.kind === 'ready') {
      if (!isStopping && !isLost) database.pragma('wal_autocheckpoint = 0');
    } else if (message.kind === 'failing') {
      log('warn', 'SQLite checkpoint failed; retrying', { reason: message.reason });
    } else if (message.kind === 'truncated') {
      if (message.reason !== undefined) {
        log('warn', 'SQLite WAL truncation failed', { reason: message.reason });
      }
      truncating.shift()?.(message.isDone);
    } else log('info', 'SQLite checkpoints resumed');
  });
  worker.once('error', takeBack);
  worker.once('exit', (code) => {
    takeBack(new Error(`The checkpoint worker stopped with exit code ${code}`));
    // Stopped with a truncation unanswered: nothing says it finished.
    for (const answer of truncating.splice(0)) answer(false);
  });
  // The worker alone must not keep a process alive that has nothing else to do.
  worker.unref();

  return {
    truncateWal() {
      if (isStopping) return Promise.resolve(false);
      if (isLost) return Promise.resolve(truncateHere());
      return new Promise((resolve) => {
        truncating.push(resolve);
        worker.postMessage('truncate');
      });
    },
    async stop() {
      isStopping = true;
      // Held open again until the worker has closed its connection.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}

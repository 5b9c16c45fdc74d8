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
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
parentPort.postMessage({ kind: 'ready' });
`;

type WorkerMessage = { kind: 'ready' } | { kind: 'resumed' } | { kind: 'failing'; reason: string };

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
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));

  function takeBack(error: Error): void {
    if (isStopping || isLost || !database.open) return;
    isLost = true;
    database.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
    log('warn', 'SQLite checkpoints are back on the main thread', { reason: error.message });
  }

  database.pragma(`journal_size_limit = ${JOURNAL_SIZE_LIMIT_BYTES}`);
  worker.on('message', (message: WorkerMessage) => {
    if (message.kind === 'ready') {
      if (!isStopping && !isLost) database.pragma('wal_autocheckpoint = 0');
    } else if (message.kind === 'failing') {
      log('warn', 'SQLite checkpoint failed; retrying', { reason: message.reason });
    } else log('info', 'SQLite checkpoints resumed');
  });
  worker.once('error', takeBack);
  worker.once('exit', (code) => {
    takeBack(new Error(`The checkpoint worker stopped with exit code ${code}`));
  });
  // The worker alone must not keep a process alive that has nothing else to do.
  worker.unref();

  return {
    async stop() {
      isStopping = true;
      // Held open again until the worker has closed its connection.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}

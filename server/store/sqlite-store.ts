import { mkdirSync } from 'node:fs';
import { PRIVATE_DIR_MODE, touchPrivateFile } from '../private-files';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely } from 'kysely';
import { createKyselyStore } from './kysely-store';
import { migrateToLatest } from './migrate-to-latest';
import { SqliteDialectKeepingCause } from './db/sqlite-dialect';
import type { Database } from './db/schema';
import { StoreUnavailableError } from './db/store-unavailable-error';
import type { Store } from './store';
import { startWalCheckpointer, type WalCheckpointer } from './db/wal-checkpointer';
import type { AudienceRepository } from './audience/audience-repository';
import type { Log } from '../log';

export const SQLITE_FILE_NAME = 'ember-and-ink.sqlite';

/**
 * Result codes (and their extended forms such as SQLITE_IOERR_WRITE or SQLITE_BUSY_SNAPSHOT)
 * that mean the file cannot be written or reached right now, as opposed to a bug in a query.
 */
const UNAVAILABLE_CODES = [
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_FULL',
  'SQLITE_READONLY',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
  'SQLITE_PROTOCOL',
];

export function isSqliteUnavailable(error: unknown): boolean {
  return (
    error instanceof BetterSqlite3.SqliteError &&
    UNAVAILABLE_CODES.some((code) => error.code === code || error.code.startsWith(`${code}_`))
  );
}

export type SqliteStoreOptions = {
  dataDir: string;
  /** How long a write waits for another connection's lock before the store reports unavailable. */
  busyTimeoutMs?: number;
  /** Told when checkpoints fail, resume, or fall back to the store's own connection. */
  log?: Log;
};

export async function openSqliteStore({
  dataDir,
  busyTimeoutMs = 5000,
  log = () => undefined,
}: SqliteStoreOptions): Promise<Store> {
  const file = path.join(dataDir, SQLITE_FILE_NAME);
  let database: BetterSqlite3.Database;
  try {
    mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    // SQLite would create the file with its own default mode (0644 less the umask); made here
    // first, it is owner-only, and SQLite gives its -wal and -shm files the same mode.
    touchPrivateFile(file);
    database = new BetterSqlite3(file, { timeout: busyTimeoutMs });
    database.pragma('journal_mode = WAL');
    // FULL: a committed enquiry survives a power cut, not only a process crash.
    database.pragma('synchronous = FULL');
    database.pragma('foreign_keys = ON');
    // A deleted row's bytes are overwritten with zeros, not left in a free slot of its page:
    // a day's salt (decision 0060) or an erased enquiry is gone from the file, not just unlisted.
    database.pragma('secure_delete = ON');
  } catch (error) {
    // Whatever stops the file from opening (missing permission, full or read-only disk) is
    // a deployment problem the operator must see, not a bug in a query.
    const reason = error instanceof Error ? error.message : String(error);
    throw new StoreUnavailableError(`Cannot open the SQLite database ${file}: ${reason}`, {
      cause: error,
    });
  }

  const db = new Kysely<Database>({ dialect: new SqliteDialectKeepingCause(database) });
  try {
    await migrateToLatest(db, 'sqlite', log);
  } catch (error) {
    await db.destroy();
    throw isSqliteUnavailable(error)
      ? new StoreUnavailableError(`Cannot prepare the SQLite database ${file}`, { cause: error })
      : error;
  }
  const checkpointer = startWalCheckpointer({
    file,
    database,
    busyTimeoutMs,
    log,
  });
  const store = createKyselyStore({ db, dialect: 'sqlite', isUnavailable: isSqliteUnavailable });
  return {
    ...store,
    audience: {
      ...store.audience,
      purgeDaySalts: truncatingWal(store.audience, checkpointer, log),
    },
    async close() {
      // Either connection may close last; whichever does copies the rest of the WAL back.
      await store.close();
      await checkpointer.stop();
    },
  };
}

/**
 * The salt purge, followed by a TRUNCATE checkpoint: the zeroed page replaces the salt's in the
 * file, and the WAL frames that held it are cut (decision 0060). A checkpoint a reader kept
 * from finishing is tried again at the next purge, deleted salts or not.
 */
function truncatingWal(
  audience: AudienceRepository,
  checkpointer: WalCheckpointer,
  log: Log,
): AudienceRepository['purgeDaySalts'] {
  let isWalHoldingSalt = false;
  return async (now) => {
    const deleted = await audience.purgeDaySalts(now);
    if (deleted > 0) isWalHoldingSalt = true;
    if (isWalHoldingSalt) {
      isWalHoldingSalt = !(await checkpointer.truncateWal());
      if (isWalHoldingSalt) log('warn', 'the WAL still holds a deleted day salt; retrying later');
    }
    return deleted;
  };
}

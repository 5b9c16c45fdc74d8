import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { createThroughPrivatePartial, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-files';
import { MIGRATION_NAMES } from '../store/migrate-to-latest';
import { SQLITE_FILE_NAME } from '../store/sqlite-store';

/** A backup or restore that cannot go ahead; the message says why and what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** sqlite3_backup_step copies every remaining page in one step given a count this large. */
const EVERY_PAGE = 0x7fffffff;
/** The tables the site creates; a file without them is not one of its databases. */
const SITE_TABLES = ['enquiries', 'outbox', 'subscribers', 'kysely_migration'];

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Copies the database into `target` with SQLite's online backup API, in one step: one read
 * transaction, so the copy is the database as of one commit while the server goes on writing
 * (WAL mode lets readers and the writer proceed together). The copy is written in a private
 * folder beside the target and hard-linked into place, which fails if the target exists: nothing
 * is ever overwritten, and a link planted in a shared backup folder is never followed.
 */
export async function backupSqlite(dataDir: string, target: string): Promise<{ pages: number }> {
  const source = path.join(dataDir, SQLITE_FILE_NAME);
  if (existsSync(target)) {
    throw new BackupError(
      `${target} already exists; choose a new file name (nothing was written).`,
    );
  }
  if (!existsSync(path.dirname(target))) {
    throw new BackupError(`The folder ${path.dirname(target)} does not exist.`);
  }
  if (!existsSync(source)) {
    throw new BackupError(`There is no database at ${source}: check DATA_DIR.`);
  }
  const database = new BetterSqlite3(source, { fileMustExist: true, timeout: 5000 });
  try {
    let pages = 0;
    await createThroughPrivatePartial(target, async (partial) => {
      pages = (await database.backup(partial, { progress: () => EVERY_PAGE })).totalPages;
      makeSelfContained(partial);
      // It holds every visitor's name, address and message: readable by its owner only.
      chmodSync(partial, PRIVATE_FILE_MODE);
    });
    return { pages };
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'EEXIST') {
      throw new BackupError(`${target} already exists; choose a new file name.`);
    }
    throw new BackupError(`The backup failed: ${describe(error)}`, { cause: error });
  } finally {
    database.close();
  }
}

/**
 * The copy inherits the live database's WAL mode, in which even a read-only open writes -wal and
 * -shm files beside it. A backup is one file that can be moved and checked as it is.
 */
function makeSelfContained(file: string): void {
  const copy = new BetterSqlite3(file, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

/** Why `file` cannot be restored, or null when it is a sound database of this site. */
function findDefect(file: string): string | null {
  let database: BetterSqlite3.Database;
  try {
    database = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    return `it cannot be opened (${describe(error)})`;
  }
  try {
    const problems = database
      .prepare<[], { integrity_check: string }>('pragma integrity_check')
      .all()
      .map((row) => row.integrity_check);
    if (problems.join() !== 'ok') {
      return `its integrity check failed: ${problems.slice(0, 5).join('; ')}`;
    }
    const tables = new Set(
      database
        .prepare<[], { name: string }>("select name from sqlite_master where type = 'table'")
        .all()
        .map((row) => row.name),
    );
    const missing = SITE_TABLES.filter((table) => !tables.has(table));
    if (missing.length > 0)
      return `it is not a database of this site (no ${missing.join(', ')} table)`;
    const unknown = database
      .prepare<[], { name: string }>('select name from kysely_migration')
      .all()
      .map((row) => row.name)
      .filter((name) => !MIGRATION_NAMES.includes(name));
    return unknown.length === 0
      ? null
      : `it was made by a newer version of the site (schema change ${unknown.join(', ')} is unknown here); restore it with that version`;
  } catch (error) {
    return `it is not a readable SQLite database (${describe(error)})`;
  } finally {
    database.close();
  }
}

function isEmptyOrMissing(dataDir: string): boolean {
  if (!existsSync(dataDir)) return true;
  return statSync(dataDir).isDirectory() && readdirSync(dataDir).length === 0;
}

/**
 * Puts a backup in place as the database of an empty DATA_DIR, once it has passed SQLite's
 * integrity check and holds this site's tables. It never replaces a database: restoring over
 * live data is refused, so a mistaken command cannot destroy it.
 */
export async function restoreSqlite(dataDir: string, backup: string): Promise<void> {
  if (!existsSync(backup)) throw new BackupError(`There is no file ${backup}.`);
  if (!statSync(backup).isFile()) throw new BackupError(`${backup} is not a file.`);
  if (!isEmptyOrMissing(dataDir)) {
    throw new BackupError(
      `DATA_DIR ${dataDir} is not empty; restore only into an empty or new folder (nothing was changed).`,
    );
  }
  const defect = findDefect(backup);
  if (defect !== null) {
    throw new BackupError(`${backup} cannot be restored: ${defect}. Nothing was changed.`);
  }
  const createdDataDir = !existsSync(dataDir);
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const source = new BetterSqlite3(backup, { readonly: true, fileMustExist: true });
  try {
    await createThroughPrivatePartial(path.join(dataDir, SQLITE_FILE_NAME), async (partial) => {
      await source.backup(partial, { progress: () => EVERY_PAGE });
    });
  } catch (error) {
    if (createdDataDir) rmSync(dataDir, { recursive: true, force: true });
    throw new BackupError(`The restore failed: ${describe(error)}. Nothing was changed.`, {
      cause: error,
    });
  } finally {
    source.close();
  }
}

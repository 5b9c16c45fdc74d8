import type { Kysely } from 'kysely';
import type { Database, SqlDialect } from './schema';
import { isStorageFull, StorageFullError } from '../faults/storage-full';
import { StoreUnavailableError } from './store-unavailable-error';

export type StoreContextOptions = {
  db: Kysely<Database>;
  dialect: SqlDialect;
  /** True for errors that mean "the database cannot be reached or written right now". */
  isUnavailable: (error: unknown) => boolean;
};

/** What every repository shares: the database handle and the one way to call it. */
export type StoreContext = {
  db: Kysely<Database>;
  dialect: SqlDialect;
  /**
   * Runs one operation of the store: refused once the store is closed, and an outage of the
   * database turned into StoreUnavailableError (a 503), named after `operation`.
   */
  guard: <T>(operation: string, run: () => Promise<T>) => Promise<T>;
  /** Throws StoreUnavailableError once the store is closed; for work that waited its turn. */
  assertOpen: (operation: string) => void;
};

export function createStoreContext({ db, dialect, isUnavailable }: StoreContextOptions): {
  context: StoreContext;
  /** Refuses every later call, then closes the database handle. */
  close: () => Promise<void>;
} {
  let isClosed = false;

  function assertOpen(operation: string): void {
    // A request that outlives shutdown must get a 503, never a 500 from a destroyed driver.
    if (isClosed) throw new StoreUnavailableError(`Storage is closed; cannot ${operation}`);
  }

  async function guard<T>(operation: string, run: () => Promise<T>): Promise<T> {
    assertOpen(operation);
    try {
      return await run();
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      const Unavailable = isStorageFull(error) ? StorageFullError : StoreUnavailableError;
      throw new Unavailable(`Storage unavailable while trying to ${operation}: ${reason}`, {
        cause: error,
      });
    }
  }

  return {
    context: { db, dialect, guard, assertOpen },
    async close() {
      isClosed = true;
      await db.destroy();
    },
  };
}

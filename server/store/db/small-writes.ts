import type { Kysely } from 'kysely';
import { createGroupCommit } from './group-commit';
import type { Database } from './schema';
import type { StoreContext } from './store-context';

/** Runs one short write (a statement or two) and answers with its result. */
export type SmallWrites = <T>(write: (db: Kysely<Database>) => Promise<T>) => Promise<T>;

type Pending = (db: Kysely<Database>) => Promise<void>;

/**
 * The way to run the writes that nearly every request makes (a limit's count, a spent
 * challenge). On PostgreSQL each is one statement in its own transaction: one round trip. On
 * SQLite every commit waits for an fsync, so the writes of one turn of the event loop share a
 * transaction, as enquiries do (docs/decisions/0004-storage.md); each is answered once it is on
 * disk, and a failed batch fails every write in it.
 */
export function createSmallWrites({ db, dialect, assertOpen }: StoreContext): SmallWrites {
  const commitTogether = createGroupCommit(async (writes: Pending[]) => {
    assertOpen('write to the store');
    await db.transaction().execute(async (trx) => {
      for (const write of writes) await write(trx);
    });
    return writes.map(() => undefined);
  });
  return async function runSmallWrite<T>(write: (db: Kysely<Database>) => Promise<T>) {
    if (dialect === 'postgres') return write(db);
    let result: { value: T } | undefined;
    await commitTogether(async (trx) => {
      result = { value: await write(trx) };
    });
    if (result === undefined) throw new Error('A committed batch skipped a write.');
    return result.value;
  };
}

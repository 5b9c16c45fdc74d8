import type { Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Runs every query of `read` on one snapshot of the database, in a read-only transaction.
 *
 * Needed wherever one answer is made of several queries. On PostgreSQL, READ COMMITTED (the
 * default) takes a new snapshot per statement, and the queries of one answer may even run on
 * different connections of the pool. Another instance's commit landing between them then shows
 * half of what it wrote: an answer without the attachment stored with it.
 *
 * On PostgreSQL the transaction is REPEATABLE READ; being read-only, it can never fail to
 * serialize. On SQLite it is a deferred transaction: in WAL mode its first read fixes the
 * snapshot until the end.
 *
 * Called within a transaction, `read` runs in it: the caller's transaction is the moment.
 */
export function readAtOneMoment<T>(
  db: Kysely<Database>,
  read: (moment: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return read(db);
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(read);
}

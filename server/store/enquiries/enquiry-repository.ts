import { sql, type SqlBool } from 'kysely';
import { toStoredEnquiry } from './enquiry-row';
import { createGroupCommit } from '../db/group-commit';
import { insertEnquiry } from './insert-enquiry';
import type { StoreContext } from '../db/store-context';
import type {
  EnquiryListOptions,
  EnquiryRepository,
  NewEnquiry,
  SaveEnquiryResult,
} from './enquiry-types';

const DEFAULT_LIST_LIMIT = 100;

/** Enquiries as visitors sent them, with their delivery status. */
export function createEnquiryRepository({
  db,
  dialect,
  guard,
  assertOpen,
}: StoreContext): EnquiryRepository {
  /**
   * SQLite writes through one connection and waits for an fsync at every commit, so the
   * enquiries of one turn of the event loop share a transaction and its fsync; each request is
   * still answered only once that commit is on disk. PostgreSQL commits on several connections
   * at once and groups concurrent commits itself.
   */
  const saveWithOthers = createGroupCommit(async (enquiries: NewEnquiry[]) => {
    // A batch that was waiting for its turn when the store closed is answered like a late call.
    assertOpen('save an enquiry');
    return db.transaction().execute(async (trx) => {
      const results: SaveEnquiryResult[] = [];
      for (const enquiry of enquiries) results.push(await insertEnquiry(trx, dialect, enquiry));
      return results;
    });
  });

  return {
    saveEnquiry: (enquiry: NewEnquiry) =>
      guard('save an enquiry', () =>
        dialect === 'sqlite'
          ? saveWithOthers(enquiry)
          : db.transaction().execute((trx) => insertEnquiry(trx, dialect, enquiry)),
      ),

    listEnquiries: (options: EnquiryListOptions = {}) =>
      guard('list enquiries', async () => {
        const { before } = options;
        const rows = await db
          .selectFrom('enquiries')
          .selectAll()
          .$if(options.status !== undefined, (query) =>
            query.where('status', '=', options.status ?? 'pending'),
          )
          // A row value compared in index order: each page is one range of the index.
          .$if(before !== undefined, (query) =>
            query.where(
              sql<SqlBool>`(created_at, id) < (${before?.createdAt.toISOString()}, ${before?.id})`,
            ),
          )
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(options.limit ?? DEFAULT_LIST_LIMIT)
          .execute();
        return rows.map(toStoredEnquiry);
      }),

    getEnquiry: (id: string) =>
      guard('read an enquiry', async () => {
        const row = await db
          .selectFrom('enquiries')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirst();
        return row === undefined ? null : toStoredEnquiry(row);
      }),
  };
}

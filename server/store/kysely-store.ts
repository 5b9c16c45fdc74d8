import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, EnquiryTable, SqlDialect } from './schema';
import { createGroupCommit } from './group-commit';
import { insertEnquiry } from './insert-enquiry';
import {
  StoreUnavailableError,
  type DeliveryStatus,
  type NewEnquiry,
  type OutboxJob,
  type SaveEnquiryResult,
  type Store,
  type StoredEnquiry,
  type Subscriber,
} from './store';

export type KyselyStoreOptions = {
  db: Kysely<Database>;
  dialect: SqlDialect;
  /** True for errors that mean "the database cannot be reached or written right now". */
  isUnavailable: (error: unknown) => boolean;
};

const DEFAULT_LIST_LIMIT = 100;

/** Takes a job off the outbox; undefined when another instance already did. */
function removeOutboxJob(trx: Transaction<Database>, jobId: string) {
  return trx
    .deleteFrom('outbox')
    .where('id', '=', jobId)
    .returning('enquiry_id')
    .executeTakeFirst();
}

function toDate(value: Date | string): Date {
  return new Date(value);
}

function toStoredEnquiry(row: Selectable<EnquiryTable>): StoredEnquiry {
  return {
    id: row.id,
    createdAt: toDate(row.created_at),
    name: row.name,
    email: row.email,
    service: row.service,
    message: row.message,
    isSpam: row.status === 'spam',
    clientIp: row.client_ip,
    userAgent: row.user_agent,
    delivery: {
      status: row.status,
      attempts: row.attempts,
      lastError: row.last_error,
      sentAt: row.sent_at === null ? null : toDate(row.sent_at),
    },
  };
}

/**
 * The Store on top of Kysely: one code path for SQLite and PostgreSQL. The only dialect
 * differences are the row lock in claimDueEmails and how enquiries are grouped into commits.
 */
export function createKyselyStore({ db, dialect, isUnavailable }: KyselyStoreOptions): Store {
  let isClosed = false;

  async function guard<T>(operation: string, run: () => Promise<T>): Promise<T> {
    // A request that outlives shutdown must get a 503, never a 500 from a destroyed driver.
    if (isClosed) throw new StoreUnavailableError(`Storage is closed; cannot ${operation}`);
    try {
      return await run();
    } catch (error) {
      if (isUnavailable(error)) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new StoreUnavailableError(
          `Storage unavailable while trying to ${operation}: ${reason}`,
          {
            cause: error,
          },
        );
      }
      throw error;
    }
  }

  /**
   * SQLite writes through one connection and waits for an fsync at every commit, so the
   * enquiries of one turn of the event loop share a transaction and its fsync; each request is
   * still answered only once that commit is on disk. PostgreSQL commits on several connections
   * at once and groups concurrent commits itself.
   */
  const saveWithOthers = createGroupCommit(async (enquiries: NewEnquiry[]) => {
    // A batch that was waiting for its turn when the store closed is answered like a late call.
    if (isClosed) throw new StoreUnavailableError('Storage is closed; cannot save an enquiry');
    return db.transaction().execute(async (trx) => {
      const results: SaveEnquiryResult[] = [];
      for (const enquiry of enquiries) results.push(await insertEnquiry(trx, enquiry));
      return results;
    });
  });

  return {
    saveEnquiry: (enquiry: NewEnquiry) =>
      guard('save an enquiry', () =>
        dialect === 'sqlite'
          ? saveWithOthers(enquiry)
          : db.transaction().execute((trx) => insertEnquiry(trx, enquiry)),
      ),

    subscribe: (email: string) =>
      guard('subscribe', async () => {
        await db
          .insertInto('subscribers')
          .values({
            id: randomUUID(),
            email,
            email_key: email.toLowerCase(),
            created_at: new Date().toISOString(),
          })
          .onConflict((conflict) => conflict.column('email_key').doNothing())
          .execute();
      }),

    claimDueEmails: (limit: number, leaseMs: number) =>
      guard('claim outbox emails', async () => {
        const now = new Date();
        const nowIso = now.toISOString();
        const claimed = await db
          .with('due', (query) =>
            query
              .selectFrom('outbox')
              .select('id')
              .where('available_at', '<=', nowIso)
              .where((eb) =>
                eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]),
              )
              .orderBy('available_at')
              .limit(limit)
              // PostgreSQL: other instances skip the rows this one is claiming instead of
              // waiting for them. SQLite runs one writer at a time, so it needs no lock.
              .$if(dialect === 'postgres', (locked) => locked.forUpdate().skipLocked()),
          )
          .updateTable('outbox')
          .set({ locked_until: new Date(now.getTime() + leaseMs).toISOString() })
          .where('id', 'in', (eb) => eb.selectFrom('due').select('id'))
          .returning(['id', 'enquiry_id', 'attempts'])
          .execute();
        if (claimed.length === 0) return [];

        const enquiries = await db
          .selectFrom('enquiries')
          .selectAll()
          .where(
            'id',
            'in',
            claimed.map((job) => job.enquiry_id),
          )
          .execute();
        const byId = new Map(enquiries.map((row) => [row.id, toStoredEnquiry(row)]));
        return claimed.flatMap((job): OutboxJob[] => {
          const enquiry = byId.get(job.enquiry_id);
          return enquiry === undefined ? [] : [{ id: job.id, enquiry, attempts: job.attempts }];
        });
      }),

    markEmailSent: (jobId: string) =>
      guard('mark an email sent', () =>
        db.transaction().execute(async (trx) => {
          const job = await removeOutboxJob(trx, jobId);
          if (job === undefined) return;
          await trx
            .updateTable('enquiries')
            .set((eb) => ({
              status: 'sent',
              attempts: eb('attempts', '+', 1),
              sent_at: new Date().toISOString(),
            }))
            .where('id', '=', job.enquiry_id)
            .execute();
        }),
      ),

    markEmailFailed: (jobId: string, error: string, retryAt: Date | null) =>
      guard('record a failed email', () =>
        db.transaction().execute(async (trx) => {
          const job =
            retryAt === null
              ? await removeOutboxJob(trx, jobId)
              : await trx
                  .updateTable('outbox')
                  .set((eb) => ({
                    attempts: eb('attempts', '+', 1),
                    available_at: retryAt.toISOString(),
                    locked_until: null,
                  }))
                  .where('id', '=', jobId)
                  .returning('enquiry_id')
                  .executeTakeFirst();
          if (job === undefined) return;
          await trx
            .updateTable('enquiries')
            .set((eb) => ({
              attempts: eb('attempts', '+', 1),
              last_error: error,
              ...(retryAt === null ? { status: 'failed' as const } : {}),
            }))
            .where('id', '=', job.enquiry_id)
            .execute();
        }),
      ),

    listEnquiries: (options: { status?: DeliveryStatus; limit?: number } = {}) =>
      guard('list enquiries', async () => {
        const rows = await db
          .selectFrom('enquiries')
          .selectAll()
          .$if(options.status !== undefined, (query) =>
            query.where('status', '=', options.status ?? 'pending'),
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

    requeueEmail: (enquiryId: string) =>
      guard('re-queue an email', () =>
        db.transaction().execute(async (trx) => {
          const requeued = await trx
            .updateTable('enquiries')
            .set({ status: 'pending' })
            .where('id', '=', enquiryId)
            .where('status', '=', 'failed')
            .returning('id')
            .executeTakeFirst();
          if (requeued === undefined) return false;
          const now = new Date().toISOString();
          await trx
            .insertInto('outbox')
            .values({
              id: randomUUID(),
              enquiry_id: enquiryId,
              created_at: now,
              available_at: now,
              locked_until: null,
              attempts: 0,
            })
            .execute();
          return true;
        }),
      ),

    listSubscribers: () =>
      guard('list subscribers', async () => {
        const rows = await db
          .selectFrom('subscribers')
          .select(['email', 'created_at'])
          .orderBy('created_at')
          .orderBy('email_key')
          .execute();
        return rows.map((row): Subscriber => ({
          email: row.email,
          createdAt: toDate(row.created_at),
        }));
      }),

    ping: () =>
      guard('reach the database', async () => {
        await sql`select 1`.execute(db);
      }),

    close: async () => {
      isClosed = true;
      await db.destroy();
    },
  };
}

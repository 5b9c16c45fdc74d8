import { toSubscriber } from '../subscribers/subscriber-row';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import {
  INBOX_STATUSES,
  type InboxCounts,
  type InboxStatus,
  type SubscriberCounts,
} from '../../../common/studio-inbox';
import type { Database, SqlDialect } from '../db/schema';
import { queueEnquiryNews, requeueEnquiryNews } from '../bookings/queue-enquiry-news';
import { toFts5Match, toTsQuery } from '../enquiries/search-terms';
import type { StoreContext } from '../db/store-context';
import { readLeadIdOf } from '../leads/lead-fields';
import { matchesLeadFilter } from '../leads/lead-filter';
import { ENQUIRY_COLUMNS, toInboxEnquiry } from './inbox-enquiry-row';
import type {
  InboxDelivery,
  InboxFilter,
  InboxPageKey,
  InboxRepository,
  ResendOutcome,
} from './inbox-types';
import { toDate } from '../db/to-date';

type DeliveryColumns = {
  status: Database['enquiries']['status'];
  attempts: number;
  last_error: string | null;
  sent_at: Date | string | null;
  /** The outbox row's attempts, null when the email is not in the outbox. */
  outbox_attempts: number | null;
};

/** An email in the outbox that has failed before is retrying; one that has not is queued. */
function toDelivery(row: DeliveryColumns): InboxDelivery | null {
  if (row.status === 'spam') return null;
  const state =
    row.status === 'pending'
      ? (row.outbox_attempts ?? 0) > 0
        ? 'retrying'
        : 'queued'
      : row.status;
  return {
    state,
    attempts: row.attempts,
    lastError: row.last_error,
    sentAt: row.sent_at === null ? null : toDate(row.sent_at),
  };
}

/** Every search word must occur in the name, email or message, as a word or word prefix. */
function matchesTerms(dialect: SqlDialect, terms: readonly string[]): Expression<SqlBool> {
  return dialect === 'sqlite'
    ? sql<SqlBool>`enquiries.search_rowid in (select rowid from enquiries_search where enquiries_search match ${toFts5Match(terms)})`
    : sql<SqlBool>`enquiries.search_vector @@ to_tsquery('simple', ${toTsQuery(terms)})`;
}

function matchesFilter(
  eb: ExpressionBuilder<Database, 'enquiries'>,
  dialect: SqlDialect,
  filter: InboxFilter,
  after: InboxPageKey | null,
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [
    eb('enquiries.inbox_status', 'in', [...filter.statuses]),
    // An enquiry that joined its person's open lead is shown within that lead (0087).
    eb('enquiries.lead_id', 'is', null),
  ];
  if (filter.service !== null) conditions.push(eb('enquiries.service', '=', filter.service));
  if (filter.terms.length > 0) conditions.push(matchesTerms(dialect, filter.terms));
  conditions.push(...matchesLeadFilter(filter));
  if (after !== null) {
    // Keyset paging: a row value compared in index order, so each page is one index range.
    conditions.push(
      sql<SqlBool>`(enquiries.created_at, enquiries.id) < (${after.receivedAt.toISOString()}, ${after.id})`,
    );
  }
  return eb.and(conditions);
}

type CountRow = { inbox_status: InboxStatus; count: number | string };

function emptyCounts(): InboxCounts {
  return { new: 0, read: 0, archived: 0, spam: 0 };
}

/** The studio's inbox over the enquiries table; the visitors' side never reads through it. */
export function createInboxRepository({ db, dialect, guard }: StoreContext): InboxRepository {
  function selectEnquiry(id: string) {
    return db
      .selectFrom('enquiries')
      .leftJoin('outbox', 'outbox.enquiry_id', 'enquiries.id')
      .select([
        ...ENQUIRY_COLUMNS,
        'enquiries.status',
        'enquiries.attempts',
        'enquiries.last_error',
        'enquiries.sent_at',
        'outbox.attempts as outbox_attempts',
      ])
      .where('enquiries.id', '=', id)
      .executeTakeFirst();
  }

  return {
    listInbox: (filter, after, limit) =>
      guard('list the inbox', async () => {
        const rows = await db
          .selectFrom('enquiries')
          .select(ENQUIRY_COLUMNS)
          .where((eb) => matchesFilter(eb, dialect, filter, after))
          .orderBy('enquiries.created_at', 'desc')
          .orderBy('enquiries.id', 'desc')
          .limit(limit)
          .execute();
        return rows.map(toInboxEnquiry);
      }),

    countInbox: () =>
      guard('count the inbox', async () => {
        // Kept current by triggers (see the inbox migration): four rows, whatever the inbox's size.
        const { rows } = await sql<CountRow>`select inbox_status, count from inbox_counts`.execute(
          db,
        );
        const counts = emptyCounts();
        for (const row of rows) {
          if (INBOX_STATUSES.includes(row.inbox_status))
            counts[row.inbox_status] = Number(row.count);
        }
        return counts;
      }),

    leadIdOf: (enquiryId) =>
      guard('find the lead of an enquiry', () => readLeadIdOf(db, enquiryId)),

    openEnquiry: (id) =>
      guard('open an enquiry', async () => {
        await db
          .updateTable('enquiries')
          .set({ inbox_status: 'read' })
          .where('id', '=', id)
          .where('inbox_status', '=', 'new')
          .execute();
        const row = await selectEnquiry(id);
        return row === undefined ? null : { ...toInboxEnquiry(row), delivery: toDelivery(row) };
      }),

    setInboxStatus: (id, status) =>
      guard('change the status of an enquiry', () =>
        db.transaction().execute(async (trx) => {
          const updated = await trx
            .updateTable('enquiries')
            .set({ inbox_status: status })
            .where('id', '=', id)
            .returning('id')
            .executeTakeFirst();
          if (updated === undefined) return null;
          // Filing an enquiry anywhere but Spam releases the email it held back.
          const isEmailQueued = status !== 'spam' && (await requeueEnquiryNews(trx, id, 'spam'));
          const enquiry = await trx
            .selectFrom('enquiries')
            .select(ENQUIRY_COLUMNS)
            .where('enquiries.id', '=', id)
            .executeTakeFirstOrThrow();
          return { enquiry: toInboxEnquiry(enquiry), isEmailQueued };
        }),
      ),

    resendEmail: (id) =>
      guard('send an email again', () =>
        db.transaction().execute(async (trx): Promise<ResendOutcome> => {
          const requeued = await trx
            .updateTable('enquiries')
            .set({ status: 'pending' })
            .where('id', '=', id)
            .where('status', 'in', ['sent', 'failed'])
            .where('inbox_status', '<>', 'spam')
            .returning('id')
            .executeTakeFirst();
          if (requeued !== undefined) {
            await queueEnquiryNews(trx, id, new Date().toISOString());
            return 'queued';
          }
          const exists = await trx
            .selectFrom('enquiries')
            .select('id')
            .where('id', '=', id)
            .executeTakeFirst();
          return exists === undefined ? 'not-found' : 'not-resendable';
        }),
      ),

    readMailTrouble: (retryingSince) =>
      guard('check the mail', async () => {
        const retrying = await db
          .selectFrom('outbox')
          .select((eb) => eb.fn.min('created_at').as('oldest'))
          .where('attempts', '>', 0)
          .where('created_at', '<=', retryingSince.toISOString())
          .executeTakeFirst();
        const givenUp = await db
          .selectFrom('enquiries')
          .select((eb) => [
            eb.fn.countAll<number | string>().as('count'),
            eb.fn.min('created_at').as('oldest'),
          ])
          .where('status', '=', 'failed')
          .executeTakeFirst();
        const since = [retrying?.oldest, givenUp?.oldest]
          .filter((value) => value !== null && value !== undefined)
          .map((value) => toDate(value))
          .sort((a, b) => a.getTime() - b.getTime());
        return {
          isFailing: since.length > 0,
          failingSince: since[0] ?? null,
          givenUp: Number(givenUp?.count ?? 0),
        };
      }),

    listSubscriberPage: ({ after, limit, order, confirmedOnly = false }) =>
      guard('list subscribers', async () => {
        const direction = order === 'newest' ? 'desc' : 'asc';
        let query = db.selectFrom('subscribers').selectAll();
        if (confirmedOnly) query = query.where('status', '=', 'confirmed');
        if (after !== null) {
          // Keyset paging: a row value compared in index order, so each page is one range.
          const key = sql`(${after.createdAt.toISOString()}, ${after.id})`;
          query = query.where(
            order === 'newest'
              ? sql<SqlBool>`(created_at, id) < ${key}`
              : sql<SqlBool>`(created_at, id) > ${key}`,
          );
        }
        const rows = await query
          .orderBy('created_at', direction)
          .orderBy('id', direction)
          .limit(limit)
          .execute();
        return rows.map(toSubscriber);
      }),

    countSubscribers: () =>
      guard('count subscribers', async () => {
        const rows = await db
          .selectFrom('subscribers')
          .select((eb) => [
            'status',
            'undeliverable',
            eb.fn.countAll<number | string>().as('count'),
          ])
          .groupBy(['status', 'undeliverable'])
          .execute();
        const counts: SubscriberCounts = {
          held: 0,
          pending: 0,
          confirmed: 0,
          unsubscribed: 0,
          bounced: 0,
          complained: 0,
        };
        // An undeliverable address is counted as the studio lists it, not by its sign-up.
        for (const row of rows) counts[row.undeliverable ?? row.status] += Number(row.count);
        return counts;
      }),

    removeSubscriber: (id) =>
      guard('remove a subscriber', async () => {
        const removed = await db
          .deleteFrom('subscribers')
          .where('id', '=', id)
          .returning('id')
          .executeTakeFirst();
        return removed !== undefined;
      }),
  };
}

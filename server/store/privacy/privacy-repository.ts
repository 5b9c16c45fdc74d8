import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { tryTransactionLock } from '../db/advisory-locks';
import { toStoredEnquiry } from '../enquiries/enquiry-row';
import { bookingEmailRowsOf } from '../bookings/booking-emails';
import { readLeads } from '../leads/read-lead';
import { readAtOneMoment } from '../db/read-at-one-moment';
import type { Database } from '../db/schema';
import type { StoreContext } from '../db/store-context';
import type {
  Forgotten,
  PersonBooking,
  PersonLetterCopy,
  PrivacyRepository,
  Removed,
} from './privacy-types';
import { toDate } from '../db/to-date';
import { toSubscriber } from '../subscribers/subscriber-row';

/** Deletes the enquiries and subscribers by id, and every outbox row that belongs to them. */
async function removeByIds(
  trx: Transaction<Database>,
  enquiryIds: string[],
  subscriberIds: string[],
  recipientKey: string | null,
): Promise<Removed> {
  let outboxRows = 0;
  const countDeleted = (result: { numDeletedRows: bigint } | undefined): void => {
    outboxRows += Number(result?.numDeletedRows ?? 0n);
  };
  if (enquiryIds.length > 0) {
    countDeleted(
      await trx.deleteFrom('outbox').where('enquiry_id', 'in', enquiryIds).executeTakeFirst(),
    );
    await trx.deleteFrom('enquiries').where('id', 'in', enquiryIds).execute();
  }
  if (subscriberIds.length > 0) {
    countDeleted(
      await trx.deleteFrom('outbox').where('subscriber_id', 'in', subscriberIds).executeTakeFirst(),
    );
    await trx.deleteFrom('subscribers').where('id', 'in', subscriberIds).execute();
  }
  if (recipientKey !== null) {
    countDeleted(
      await trx
        .deleteFrom('outbox')
        .where(sql<string>`lower(recipient)`, '=', recipientKey)
        .executeTakeFirst(),
    );
  }
  return { enquiryIds, subscriberIds, outboxRows };
}

/**
 * The calls booked with the address or opened as one of its enquiries (a booking's lead carries
 * the booking's address, but an edited lead need not).
 */
function bookingsOf(db: Kysely<Database>, key: string, enquiryIds: string[]) {
  return db
    .selectFrom('bookings')
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(email)`, '=', key),
        ...(enquiryIds.length > 0 ? [eb('enquiry_id', 'in', enquiryIds)] : []),
      ]),
    );
}

/**
 * Whether the call's event may be in the studio's calendar: written once and not since removed,
 * or claimed by the calendar queue, whose write may land after the booking is gone. A booking
 * never offered to a calendar (none is configured) has none.
 */
function mayBeInCalendar(row: {
  state: string;
  sequence: number;
  calendar_sequence: number | null;
  calendar_next_attempt_at: string | Date | null;
}): boolean {
  if (row.calendar_sequence === null) return row.calendar_next_attempt_at !== null;
  return !(row.state === 'cancelled' && row.calendar_sequence === row.sequence);
}

/**
 * Queues the deletion of the forgotten calls' events, by UID alone, in the calendar's queue:
 * it reaches a calendar that is down once it returns, and sends no cancellation to anyone. A
 * removal waits out the lease (or retry time) of a write of the call still under way, so the
 * write cannot put the event back after it.
 */
async function queueCalendarRemovals(
  trx: Transaction<Database>,
  bookings: readonly {
    uid: string;
    state: string;
    sequence: number;
    calendar_sequence: number | null;
    calendar_next_attempt_at: string | Date | null;
  }[],
): Promise<number> {
  const removals = bookings.filter(mayBeInCalendar).map((row) => ({
    uid: row.uid,
    next_attempt_at:
      row.calendar_next_attempt_at === null
        ? null
        : toDate(row.calendar_next_attempt_at).toISOString(),
    error: null,
  }));
  if (removals.length > 0) await trx.insertInto('calendar_removals').values(removals).execute();
  return removals.length;
}

/**
 * What the address wrote into other people's threads: a third party's answers. (Its own
 * enquiries' threads go with them, by cascade, attachments included.)
 */
function answersFrom(db: Kysely<Database>, key: string) {
  return db
    .selectFrom('lead_messages')
    .where('direction', '=', 'in')
    .where(sql<string>`lower(from_address)`, '=', key);
}

/** The subscriptions' copies of the letters, every state, in the order the letters were written. */
async function letterCopiesOf(
  db: Kysely<Database>,
  subscriberIds: readonly string[],
): Promise<PersonLetterCopy[]> {
  if (subscriberIds.length === 0) return [];
  const rows = await db
    .selectFrom('letter_recipients')
    .innerJoin('letters', 'letters.id', 'letter_recipients.letter_id')
    .select([
      'letters.id',
      'letters.subject',
      'letter_recipients.state',
      'letter_recipients.sent_at',
      'letter_recipients.failure',
    ])
    .where('letter_recipients.subscriber_id', 'in', subscriberIds)
    .orderBy('letters.created_at')
    .orderBy('letters.id')
    .execute();
  return rows.map((row) => ({
    letterId: row.id,
    subject: row.subject,
    state: row.state,
    sentAt: row.sent_at === null ? null : toDate(row.sent_at),
    failure: row.failure,
  }));
}

/**
 * The audit log keeps its lines (a run of failed sign-ins stays visible and countable) but not
 * the address: every line of it gets one random label, whose making is forgotten at once, so
 * not even the holder of every key and backup can tell whose address it was.
 */
async function relabelAudit(
  trx: Transaction<Database>,
  key: string,
): Promise<{ auditEntries: number; auditLabel: string }> {
  const auditLabel = `forgotten-${randomBytes(8).toString('hex')}`;
  const result = await trx
    .updateTable('audit_log')
    .set({ email: auditLabel })
    .where(sql<string>`lower(trim(email))`, '=', key)
    .executeTakeFirst();
  return { auditEntries: Number(result.numUpdatedRows), auditLabel };
}

function enquiriesOf(db: Kysely<Database>, key: string) {
  return db
    .selectFrom('enquiries')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', key)
    .orderBy('created_at')
    .execute();
}

/**
 * The visitor's rights (a copy of what is held, erasure) and the retention limits. Enquiry
 * addresses are compared with SQL lower(), which both databases apply to ASCII alike; the
 * subscribers' key is lower-cased in JavaScript when stored.
 */
export function createPrivacyRepository({ db, dialect, guard }: StoreContext): PrivacyRepository {
  return {
    describePerson: (email) =>
      guard('describe a person', () =>
        readAtOneMoment(db, async (db) => {
          const key = email.trim().toLowerCase();
          const enquiries = await enquiriesOf(db, key);
          const subscriptions = await db
            .selectFrom('subscribers')
            .selectAll()
            .where('email_key', '=', key)
            .execute();
          const enquiryIds = enquiries.map((row) => row.id);
          const subscriberIds = subscriptions.map((row) => row.id);
          const outbox = await db
            .selectFrom('outbox')
            .select(['id', 'kind', 'created_at', 'attempts'])
            .where((eb) =>
              eb.or([
                eb(sql<string>`lower(recipient)`, '=', key),
                ...(enquiryIds.length > 0 ? [eb('enquiry_id', 'in', enquiryIds)] : []),
                ...(subscriberIds.length > 0 ? [eb('subscriber_id', 'in', subscriberIds)] : []),
              ]),
            )
            .execute();
          const leads = await readLeads(db, enquiryIds);
          const bookings = await bookingsOf(db, key, enquiryIds)
            .select([
              'id',
              'enquiry_id',
              'start_at',
              'end_at',
              'state',
              'name',
              'note',
              'visitor_time_zone',
              'phone',
              'cancel_reason',
              'created_at',
            ])
            .orderBy('start_at')
            .execute();
          const otherThreads = await answersFrom(db, key)
            .$if(enquiryIds.length > 0, (query) => query.where('enquiry_id', 'not in', enquiryIds))
            .select(['enquiry_id', 'at', 'subject', 'text'])
            .orderBy('at')
            .execute();
          const letters = await letterCopiesOf(db, subscriberIds);
          const audit = await db
            .selectFrom('audit_log')
            .select(['at', 'event', 'ip'])
            .where(sql<string>`lower(trim(email))`, '=', key)
            .orderBy('at')
            .execute();
          return {
            email: key,
            enquiries: enquiries.map(toStoredEnquiry),
            subscriptions: subscriptions.map(toSubscriber),
            leads: enquiryIds.flatMap((enquiryId) => {
              const lead = leads.get(enquiryId);
              return lead === undefined ? [] : [{ enquiryId, ...lead }];
            }),
            otherThreads: otherThreads.map((row) => ({
              enquiryId: row.enquiry_id,
              at: toDate(row.at),
              subject: row.subject,
              text: row.text,
            })),
            bookings: bookings.map((row): PersonBooking => ({
              id: row.id,
              enquiryId: row.enquiry_id,
              start: toDate(row.start_at),
              end: toDate(row.end_at),
              state: row.state,
              name: row.name,
              note: row.note,
              visitorTimeZone: row.visitor_time_zone,
              phone: row.phone,
              cancelReason: row.cancel_reason,
              bookedAt: toDate(row.created_at),
            })),
            letters,
            outbox: outbox.map((row) => ({
              id: row.id,
              kind: row.kind,
              createdAt: toDate(row.created_at),
              attempts: row.attempts,
            })),
            audit: audit.map((row) => ({ at: toDate(row.at), event: row.event, ip: row.ip })),
          };
        }),
      ),

    forgetPerson: (email) =>
      guard('forget a person', () =>
        db.transaction().execute(async (trx): Promise<Forgotten> => {
          const key = email.trim().toLowerCase();
          const enquiries = await trx
            .selectFrom('enquiries')
            .select('id')
            .where(sql<string>`lower(email)`, '=', key)
            .execute();
          const subscribers = await trx
            .selectFrom('subscribers')
            .select('id')
            .where('email_key', '=', key)
            .execute();
          const enquiryIds = enquiries.map((row) => row.id);
          const bookings = await bookingsOf(trx, key, enquiryIds)
            .select([
              'id',
              'uid',
              'state',
              'sequence',
              'calendar_sequence',
              'calendar_next_attempt_at',
            ])
            .orderBy('start_at')
            .execute();
          const bookingIds = bookings.map((row) => row.id);
          const bookingEmails = await bookingEmailRowsOf(trx, bookingIds);
          if (bookingEmails.length > 0) {
            await trx.deleteFrom('outbox').where('id', 'in', bookingEmails).execute();
          }
          const calendarRemovals = await queueCalendarRemovals(trx, bookings);
          // A call booked with the address on someone else's lead goes with the lead; its
          // reminder, read from the booking when due, goes with it.
          if (bookingIds.length > 0) {
            await trx.deleteFrom('bookings').where('id', 'in', bookingIds).execute();
          }
          const removed = await removeByIds(
            trx,
            enquiryIds,
            subscribers.map((row) => row.id),
            key,
          );
          await trx
            .deleteFrom('people')
            .where(sql<string>`lower(email)`, '=', key)
            .execute();
          const otherThreads = await trx
            .deleteFrom('lead_messages')
            .where('direction', '=', 'in')
            .where(sql<string>`lower(from_address)`, '=', key)
            .executeTakeFirst();
          await trx
            .deleteFrom('lead_digests')
            .where(sql<string>`lower(owner)`, '=', key)
            .execute();
          return {
            ...removed,
            outboxRows: removed.outboxRows + bookingEmails.length,
            bookingIds,
            calendarRemovals,
            otherThreadMessages: Number(otherThreads.numDeletedRows),
            ...(await relabelAudit(trx, key)),
          };
        }),
      ),

    purgeExpired: (cutoffs) =>
      guard('purge expired records', () =>
        db.transaction().execute(async (trx) => {
          // One instance purges at a time: two deleting the same rows in different orders
          // could deadlock each other, and the second has nothing left to do anyway.
          if (dialect === 'postgres' && !(await tryTransactionLock(trx, 'retentionPurge'))) {
            return null;
          }
          const audit = await trx
            .deleteFrom('audit_log')
            .where('at', '<', cutoffs.auditBefore.toISOString())
            .executeTakeFirst();
          // Which staff member got a digest on which day is kept as long as the audit log.
          await trx
            .deleteFrom('lead_digests')
            .where('day', '<', cutoffs.auditBefore.toISOString().slice(0, 10))
            .execute();
          const enquiriesBefore = cutoffs.enquiriesBefore.toISOString();
          // A booked lead is kept as long after its call as any lead after its enquiry: the
          // call is what the studio and the visitor last did together.
          const bookings = await trx
            .selectFrom('bookings')
            .select('id')
            .where('end_at', '<', enquiriesBefore)
            .execute();
          // Deleted by name so the report counts them; their leads, received before the call,
          // go with the enquiries below.
          const bookingIds = bookings.map((row) => row.id);
          if (bookingIds.length > 0) {
            await trx.deleteFrom('bookings').where('id', 'in', bookingIds).execute();
          }
          const enquiries = await trx
            .selectFrom('enquiries')
            .select('id')
            .where((eb) =>
              eb.or([
                eb.and([
                  eb('status', '!=', 'spam'),
                  eb('created_at', '<', enquiriesBefore),
                  eb.not(
                    eb.exists(
                      eb
                        .selectFrom('bookings')
                        .select('bookings.id')
                        .whereRef('bookings.enquiry_id', '=', 'enquiries.id')
                        .where('bookings.end_at', '>=', enquiriesBefore),
                    ),
                  ),
                ]),
                eb.and([
                  eb('status', '=', 'spam'),
                  eb('created_at', '<', cutoffs.spamBefore.toISOString()),
                ]),
              ]),
            )
            .execute();
          const subscribers = await trx
            .selectFrom('subscribers')
            .select('id')
            .where((eb) =>
              eb.or([
                // A held sign-up the studio recovered late gets its link's full 7 days.
                eb.and([
                  eb('status', '=', 'pending'),
                  eb(
                    eb.fn.coalesce('last_emailed_at', 'asked_at', 'created_at'),
                    '<',
                    cutoffs.pendingBefore.toISOString(),
                  ),
                ]),
                eb.and([
                  eb('status', '=', 'held'),
                  eb(
                    eb.fn.coalesce('asked_at', 'created_at'),
                    '<',
                    cutoffs.spamBefore.toISOString(),
                  ),
                ]),
              ]),
            )
            .execute();
          const removed = await removeByIds(
            trx,
            enquiries.map((row) => row.id),
            subscribers.map((row) => row.id),
            null,
          );

          // A person is kept only while the studio keeps something they wrote or booked.
          await trx
            .deleteFrom('people')
            .where((eb) =>
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('enquiries')
                    .select('enquiries.id')
                    .whereRef('enquiries.address_key', '=', 'people.address_key'),
                ),
              ),
            )
            .execute();

          // Mail that could not be read is most likely junk, and belongs to no enquiry.
          const unreadable = await trx
            .deleteFrom('unreadable_messages')
            .where('received_at', '<', cutoffs.spamBefore.toISOString())
            .executeTakeFirst();
          return {
            ...removed,
            bookingIds,
            auditEntries: Number(audit.numDeletedRows),
            unreadableMessages: Number(unreadable.numDeletedRows),
          };
        }),
      ),
  };
}

import { randomUUID } from 'node:crypto';
import type { Transaction, Updateable } from 'kysely';
import type { Booking } from '../../booking/booking-types';
import { toDate } from '../db/to-date';
import type { Database } from '../db/schema';
import type { StoreContext } from '../db/store-context';
import { insertEnquiry } from '../enquiries/insert-enquiry';
import { queueBookingEmails } from './booking-emails';
import type { BookingTable } from './booking-schema';
import type {
  BookedTime,
  BookingRepository,
  BookResult,
  CancelResult,
  NewBooking,
  RescheduleResult,
} from './booking-repository-types';
import { toBooking } from './booking-row';
import { holdTime, isOverlapViolation, TimeRefused } from './hold-time';
import { createToken, hashToken, isWellFormedToken } from '../subscribers/newsletter-tokens';

/** The reminder goes out this long before the call. */
const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;
const EVERYONE = ['visitor', 'studio'] as const;

function timeColumns(time: BookedTime) {
  return {
    start_at: time.start.toISOString(),
    end_at: time.end.toISOString(),
    blocked_until: time.blockedUntil.toISOString(),
    day: time.day,
    remind_at: new Date(time.start.getTime() - REMINDER_LEAD_MS).toISOString(),
  };
}

async function bookingOfEnquiry(
  trx: Transaction<Database>,
  enquiryId: string,
): Promise<Booking | null> {
  const row = await trx
    .selectFrom('bookings')
    .selectAll()
    .where('enquiry_id', '=', enquiryId)
    .executeTakeFirst();
  return row === undefined ? null : toBooking(row);
}

/**
 * Changes a call that still stands, one step further in its sequence (the number the calendars
 * order an invitation's updates by); null when it is cancelled or gone. The update's row lock
 * makes a rival change wait, then find the call as this one left it.
 */
async function changeStandingCall(
  trx: Transaction<Database>,
  id: string,
  change: Updateable<BookingTable>,
  now: string,
): Promise<Booking | null> {
  const row = await trx
    .updateTable('bookings')
    .set((eb) => ({ ...change, sequence: eb('sequence', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .where('state', '<>', 'cancelled')
    .returningAll()
    .executeTakeFirst();
  return row === undefined ? null : toBooking(row);
}

async function insertBooking(
  trx: Transaction<Database>,
  dialect: StoreContext['dialect'],
  booking: NewBooking,
): Promise<BookResult> {
  const lead = await insertEnquiry(trx, dialect, booking.lead);
  if (lead.kind === 'conflict') return lead;
  if (lead.kind === 'replayed') {
    return { kind: 'replayed', enquiryId: lead.id, booking: await bookingOfEnquiry(trx, lead.id) };
  }
  if (lead.isSpam) return { kind: 'spam', enquiryId: lead.id };
  await holdTime(trx, dialect, booking, null);
  const now = new Date().toISOString();
  const row = await trx
    .insertInto('bookings')
    .values({
      id: randomUUID(),
      enquiry_id: lead.id,
      name: booking.name,
      email: booking.email,
      note: booking.note,
      ...timeColumns(booking),
      state: 'confirmed',
      uid: `${randomUUID()}@booking.emberandink`,
      sequence: 0,
      manage_token_hash: null,
      reminded_at: null,
      created_at: now,
      updated_at: now,
      cancelled_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const stored = toBooking(row);
  await queueBookingEmails(trx, stored, 'invitation', EVERYONE, { now });
  return { kind: 'booked', booking: stored, leadId: lead.leadId };
}

/**
 * The calls booked through the site. Every write that holds a time runs holdTime in its own
 * transaction; a refusal rolls the whole transaction back (the lead included), and PostgreSQL's
 * exclusion constraint refuses whatever slips past the check as `taken`.
 */
export function createBookingRepository({ db, dialect, guard }: StoreContext): BookingRepository {
  async function refusedOrThrown<T>(run: () => Promise<T>): Promise<T | TimeRefused['refusal']> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof TimeRefused) return error.refusal;
      if (isOverlapViolation(error)) return { kind: 'taken' };
      throw error;
    }
  }

  async function readOne(
    column: 'id' | 'enquiry_id' | 'manage_token_hash',
    value: string,
  ): Promise<Booking | null> {
    const row = await db
      .selectFrom('bookings')
      .selectAll()
      .where(column, '=', value)
      .executeTakeFirst();
    return row === undefined ? null : toBooking(row);
  }

  return {
    book: (booking) =>
      guard('book a call', () =>
        refusedOrThrown(() =>
          db.transaction().execute((trx) => insertBooking(trx, dialect, booking)),
        ),
      ),

    reschedule: (id, time) =>
      guard('move a call', () =>
        refusedOrThrown(() =>
          db.transaction().execute(async (trx): Promise<RescheduleResult> => {
            // The day first, as a booking takes it: a booking of that day then waits for this
            // move instead of holding the day while it waits on the moved row (a deadlock). The
            // row lock of the update makes a cancel racing this move wait for it, or this move
            // find the call cancelled.
            await holdTime(trx, dialect, time, id);
            const now = new Date().toISOString();
            const change = { ...timeColumns(time), reminded_at: null };
            const moved = await changeStandingCall(trx, id, change, now);
            if (moved === null) return { kind: 'gone' };
            await queueBookingEmails(trx, moved, 'update', EVERYONE, { now });
            return { kind: 'moved', booking: moved };
          }),
        ),
      ),

    cancel: (id, message) =>
      guard('cancel a call', () =>
        db.transaction().execute(async (trx): Promise<CancelResult> => {
          const now = new Date().toISOString();
          const change = { state: 'cancelled', cancelled_at: now } as const;
          const cancelled = await changeStandingCall(trx, id, change, now);
          if (cancelled === null) return { kind: 'gone' };
          await queueBookingEmails(trx, cancelled, 'cancellation', EVERYONE, { message, now });
          return { kind: 'cancelled', booking: cancelled };
        }),
      ),

    getBooking: (id) => guard('read a booking', () => readOne('id', id)),

    getBookingOfEnquiry: (enquiryId) =>
      guard("read a lead's booking", () => readOne('enquiry_id', enquiryId)),

    listCallsOfLead: (leadId) =>
      guard("list a lead's calls", async () => {
        const rows = await db
          .selectFrom('bookings')
          .selectAll()
          .where((eb) =>
            eb.or([
              eb('enquiry_id', '=', leadId),
              eb(
                'enquiry_id',
                'in',
                eb.selectFrom('enquiries').select('id').where('lead_id', '=', leadId),
              ),
            ]),
          )
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute();
        return rows.map(toBooking);
      }),

    readBookingsOfEnquiries: (enquiryIds) =>
      guard("read leads' bookings", async () => {
        if (enquiryIds.length === 0) return new Map();
        const rows = await db
          .selectFrom('bookings')
          .selectAll()
          .where('enquiry_id', 'in', enquiryIds)
          .execute();
        return new Map(rows.map((row) => [row.enquiry_id, toBooking(row)]));
      }),

    findBookingByToken: (token) =>
      guard('read a booking by its link', async () =>
        isWellFormedToken(token) ? readOne('manage_token_hash', hashToken(token)) : null,
      ),

    listBookings: (from, to) =>
      guard('list bookings', async () => {
        const rows = await db
          .selectFrom('bookings')
          .selectAll()
          .where('start_at', '>=', from.toISOString())
          .where('start_at', '<', to.toISOString())
          .orderBy('start_at')
          .orderBy('id')
          .execute();
        return rows.map(toBooking);
      }),

    listCallsBetween: (from, to, exceptId) =>
      guard('list booked calls', async () => {
        const rows = await db
          .selectFrom('bookings')
          .select(['start_at', 'end_at'])
          .where('state', '<>', 'cancelled')
          .where('start_at', '<', to.toISOString())
          .where('blocked_until', '>', from.toISOString())
          .$if(exceptId !== undefined, (query) => query.where('id', '<>', exceptId ?? ''))
          .execute();
        return rows.map((row) => ({ start: toDate(row.start_at), end: toDate(row.end_at) }));
      }),

    mintManageToken: (id) =>
      guard("renew a booking's link", async () => {
        const token = createToken();
        const row = await db
          .updateTable('bookings')
          .set({ manage_token_hash: hashToken(token) })
          .where('id', '=', id)
          .where('state', '<>', 'cancelled')
          .returning('id')
          .executeTakeFirst();
        return row === undefined ? null : token;
      }),

    queueDueReminders: (now) =>
      guard('queue reminders', () =>
        db.transaction().execute(async (trx) => {
          const nowIso = now.toISOString();
          // The condition on reminded_at is the claim: of several instances, one updates each row.
          const due = await trx
            .updateTable('bookings')
            .set({ reminded_at: nowIso })
            .where('reminded_at', 'is', null)
            .where('state', '=', 'confirmed')
            .where('remind_at', '<=', nowIso)
            .where('start_at', '>', nowIso)
            .returningAll()
            .execute();
          // The outbox runs on the wall clock: the reminder is due to send as soon as it is claimed.
          const queuedAt = new Date().toISOString();
          for (const row of due) {
            await queueBookingEmails(trx, toBooking(row), 'reminder', ['visitor'], {
              now: queuedAt,
            });
          }
          return due.length;
        }),
      ),
  };
}

import { randomUUID } from 'node:crypto';
import type { Transaction, Updateable } from 'kysely';
import type { Booking } from '../../booking/booking-types';
import { createMeetingRoomName } from '../../booking/meeting-room';
import { toDate } from '../db/to-date';
import type { Database } from '../db/schema';
import type { StoreContext } from '../db/store-context';
import { insertEnquiry } from '../enquiries/insert-enquiry';
import { ensureLeadRow } from '../leads/lead-fields';
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
import { recordCallEvent } from './call-events';
import { holdTime, isOverlapViolation, TimeRefused } from './hold-time';
import { ClientFull, holdClientRoom } from './hold-client-room';
import { createToken, hashToken, isWellFormedToken } from '../subscribers/newsletter-tokens';

/** The reminder goes out this long before the call. */
const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;
const EVERYONE = ['visitor', 'studio', 'owner'] as const;

/** When the reminder is due: as the rules set it, or at the call's start when there is none. */
function remindAt(time: BookedTime): Date {
  if (time.remindAt === undefined) return new Date(time.start.getTime() - REMINDER_LEAD_MS);
  return time.remindAt ?? time.start;
}

function timeColumns(time: BookedTime) {
  return {
    start_at: time.start.toISOString(),
    end_at: time.end.toISOString(),
    blocked_until: time.blockedUntil.toISOString(),
    day: time.day,
    // A reminder due at the start is never sent: the claim wants a call not yet started.
    remind_at: remindAt(time).toISOString(),
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
 * The call as it stands before a change, locked on PostgreSQL until the transaction ends, so
 * what the change is told to have moved it from is what it moved; null when cancelled or gone.
 * SQLite has one writer.
 */
async function standingCallForChange(
  trx: Transaction<Database>,
  dialect: StoreContext['dialect'],
  id: string,
): Promise<Booking | null> {
  const row = await trx
    .selectFrom('bookings')
    .selectAll()
    .where('id', '=', id)
    .where('state', '<>', 'cancelled')
    .$if(dialect === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst();
  return row === undefined ? null : toBooking(row);
}

function isSameTime(booking: Booking, time: BookedTime): boolean {
  return (
    booking.start.getTime() === time.start.getTime() && booking.end.getTime() === time.end.getTime()
  );
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
  endedBy?: Date,
): Promise<Booking | null> {
  const row = await trx
    .updateTable('bookings')
    .set((eb) => ({ ...change, sequence: eb('sequence', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .where('state', '<>', 'cancelled')
    .$if(endedBy !== undefined, (query) =>
      query.where('end_at', '>', (endedBy ?? new Date(0)).toISOString()),
    )
    .returningAll()
    .executeTakeFirst();
  return row === undefined ? null : toBooking(row);
}

async function insertBooking(
  trx: Transaction<Database>,
  dialect: StoreContext['dialect'],
  booking: NewBooking,
): Promise<BookResult> {
  const lead = await insertEnquiry(trx, dialect, { ...booking.lead, isToldByItsCall: true });
  if (lead.kind === 'conflict') return lead;
  if (lead.kind === 'replayed') {
    return { kind: 'replayed', enquiryId: lead.id, booking: await bookingOfEnquiry(trx, lead.id) };
  }
  if (lead.isSpam) return { kind: 'spam', enquiryId: lead.id };
  const at = new Date();
  if (booking.client !== undefined) await holdClientRoom(trx, dialect, booking.client, at);
  await holdTime(trx, dialect, booking, null);
  const now = at.toISOString();
  const row = await trx
    .insertInto('bookings')
    .values({
      id: randomUUID(),
      enquiry_id: lead.id,
      name: booking.name,
      email: booking.email,
      note: booking.note,
      visitor_time_zone: booking.visitorTimeZone ?? null,
      phone: booking.phone ?? null,
      ...timeColumns(booking),
      state: 'confirmed',
      uid: `${randomUUID()}@booking.emberandink`,
      sequence: 0,
      manage_token_hash: null,
      reminded_at: null,
      created_at: now,
      updated_at: now,
      cancelled_at: null,
      client_key: booking.client?.key ?? null,
      meeting_room: createMeetingRoomName(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const stored = toBooking(row);
  await queueBookingEmails(trx, stored, 'invitation', EVERYONE, { now });
  await recordCallEvent(trx, stored, { kind: 'booked', byStaff: null, text: stored.note, now });
  return { kind: 'booked', booking: stored, leadId: lead.leadId };
}

/**
 * The visitor's reason for cancelling, on the lead the call belongs to (the open lead its
 * enquiry joined, else its own), as a note of theirs.
 */
async function noteCancelReason(
  trx: Transaction<Database>,
  booking: Booking,
  reason: string,
  now: string,
): Promise<void> {
  const enquiry = await trx
    .selectFrom('enquiries')
    .select('lead_id')
    .where('id', '=', booking.enquiryId)
    .executeTakeFirst();
  const leadId = enquiry?.lead_id ?? booking.enquiryId;
  await ensureLeadRow(trx, leadId);
  await trx
    .insertInto('lead_notes')
    .values({
      id: randomUUID(),
      enquiry_id: leadId,
      by: booking.email,
      at: now,
      text: `${booking.name} cancelled the call, saying: ${reason}`,
    })
    .execute();
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
          db
            .transaction()
            .execute((trx) => insertBooking(trx, dialect, booking))
            .catch((error: unknown) => {
              if (error instanceof ClientFull) return { kind: 'client_full' } as const;
              throw error;
            }),
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
            const before = await standingCallForChange(trx, dialect, id);
            if (before === null) return { kind: 'gone' };
            // A move asked again (a retried request) finds the call already there: it is told,
            // and its emails sent, once.
            if (isSameTime(before, time)) return { kind: 'moved', booking: before };
            const now = new Date().toISOString();
            const change = { ...timeColumns(time), reminded_at: null };
            const moved = await changeStandingCall(trx, id, change, now);
            if (moved === null) return { kind: 'gone' };
            await queueBookingEmails(trx, moved, 'update', EVERYONE, { now });
            const from = { start: before.start, end: before.end };
            await recordCallEvent(trx, moved, {
              kind: 'moved',
              byStaff: null,
              from,
              text: '',
              now,
            });
            return { kind: 'moved', booking: moved };
          }),
        ),
      ),

    cancel: (id, message, details = {}) =>
      guard('cancel a call', () =>
        db.transaction().execute(async (trx): Promise<CancelResult> => {
          const now = new Date().toISOString();
          const reason = details.reason ?? null;
          const change = { state: 'cancelled', cancelled_at: now, cancel_reason: reason } as const;
          const cancelled = await changeStandingCall(trx, id, change, now, details.now);
          if (cancelled === null) return { kind: 'gone' };
          const by = details.by ?? null;
          await queueBookingEmails(trx, cancelled, 'cancellation', EVERYONE, { message, by, now });
          if (reason !== null) await noteCancelReason(trx, cancelled, reason, now);
          // The visitor's reason, or the studio's words to them when staff cancelled.
          const text = reason ?? message ?? '';
          await recordCallEvent(trx, cancelled, { kind: 'cancelled', byStaff: by, text, now });
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
      guard('read a booking by its link', async () => {
        if (!isWellFormedToken(token)) return null;
        const row = await db
          .selectFrom('booking_links')
          .innerJoin('bookings', 'bookings.id', 'booking_links.booking_id')
          .selectAll('bookings')
          .where('booking_links.token_hash', '=', hashToken(token))
          .executeTakeFirst();
        return row === undefined ? readOne('manage_token_hash', hashToken(token)) : toBooking(row);
      }),

    listBookings: (from, to) =>
      guard('list bookings', async () => {
        const rows = await db
          .selectFrom('bookings')
          .innerJoin('enquiries', 'enquiries.id', 'bookings.enquiry_id')
          .selectAll('bookings')
          .select('enquiries.lead_id')
          .where('bookings.start_at', '>=', from.toISOString())
          .where('bookings.start_at', '<', to.toISOString())
          .orderBy('bookings.start_at')
          .orderBy('bookings.id')
          .execute();
        // A call that joined its person's open lead is shown as part of that lead.
        return rows.map((row) => ({ ...toBooking(row), leadId: row.lead_id ?? row.enquiry_id }));
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
      guard("mint a booking's link", () =>
        db.transaction().execute(async (trx) => {
          const token = createToken();
          const tokenHash = hashToken(token);
          // The column is still written for the release before booking_links, which reads it.
          const row = await trx
            .updateTable('bookings')
            .set({ manage_token_hash: tokenHash })
            .where('id', '=', id)
            .where('state', '<>', 'cancelled')
            .returning('id')
            .executeTakeFirst();
          if (row === undefined) return null;
          const createdAt = new Date().toISOString();
          await trx
            .insertInto('booking_links')
            .values({ token_hash: tokenHash, booking_id: id, created_at: createdAt })
            .execute();
          return token;
        }),
      ),

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

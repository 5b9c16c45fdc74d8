import { sql, type Kysely, type Transaction } from 'kysely';
import * as z from 'zod/mini';
import type { Booking } from '../../booking/booking-types';
import type { Database } from '../db/schema';
import { queueOutboxJob } from '../outbox/queue-email';
import type {
  BookingEmail,
  BookingEmailAudience,
  BookingEmailEvent,
  LeadOwner,
} from './booking-repository-types';
import { toBooking } from './booking-row';

const BookingEmailPayload = z.object({
  bookingId: z.string(),
  event: z.enum(['invitation', 'update', 'cancellation', 'reminder']),
  to: z.enum(['visitor', 'studio', 'owner']),
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  sequence: z.number(),
  message: z.nullable(z.string()),
  /** Absent in the rows queued before staff cancellations named their sender. */
  by: z.optional(z.nullable(z.string())),
  /** Absent in the rows queued before the lead's owner was invited to its calls. */
  owner: z.optional(z.nullable(z.object({ email: z.string(), name: z.string() }))),
});

/**
 * The owner of the lead `enquiryId` belongs to (the open lead it joined, or its own), while they
 * are on the staff; null when nobody owns it.
 */
async function readLeadOwner(
  trx: Transaction<Database>,
  enquiryId: string,
): Promise<LeadOwner | null> {
  const row = await trx
    .selectFrom('enquiries')
    .innerJoin('leads', (join) =>
      join.on('leads.enquiry_id', '=', sql<string>`coalesce(enquiries.lead_id, enquiries.id)`),
    )
    .innerJoin('staff', (join) => join.on('staff.email_key', '=', sql<string>`lower(leads.owner)`))
    .select(['staff.email', 'staff.name'])
    .where('enquiries.id', '=', enquiryId)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Queues one email about `booking` to each of `audiences`, within the caller's transaction. The
 * call's time and SEQUENCE are kept as they are now, so an email sent late still says what
 * happened when it was queued; who the visitor is is read when it is sent. The studio's
 * invitation is how it hears of the call's enquiry, so it carries that enquiry's delivery. The
 * owner is the lead's owner now: a lead nobody owns has no owner's copy.
 */
export async function queueBookingEmails(
  trx: Transaction<Database>,
  booking: Booking,
  event: BookingEmailEvent,
  audiences: readonly BookingEmailAudience[],
  options: { message?: string | null; by?: string | null; now: string },
): Promise<void> {
  const isStudioSide = audiences.some((to) => to !== 'visitor');
  const owner = isStudioSide ? await readLeadOwner(trx, booking.enquiryId) : null;
  for (const to of audiences) {
    if (to === 'owner' && owner === null) continue;
    const payload = {
      bookingId: booking.id,
      event,
      to,
      start: booking.start.toISOString(),
      end: booking.end.toISOString(),
      sequence: booking.sequence,
      message: options.message ?? null,
      by: options.by ?? null,
      owner,
    } satisfies z.infer<typeof BookingEmailPayload>;
    const isTheNews = to === 'studio' && event === 'invitation';
    await queueOutboxJob(
      trx,
      {
        kind: 'booking',
        payload: JSON.stringify(payload),
        ...(isTheNews ? { enquiryId: booking.enquiryId } : {}),
      },
      options.now,
    );
  }
}

/**
 * The booking emails the outbox rows describe, by row id. A row whose booking is gone (the
 * person was forgotten) or that cannot be read is left out.
 */
export async function readBookingEmails(
  db: Kysely<Database>,
  jobs: readonly { id: string; payload: string | null }[],
): Promise<Map<string, BookingEmail>> {
  const parsed = jobs.flatMap((job) => {
    const payload = BookingEmailPayload.safeParse(JSON.parse(job.payload ?? 'null'));
    return payload.success ? [{ id: job.id, ...payload.data }] : [];
  });
  if (parsed.length === 0) return new Map();
  const rows = await db
    .selectFrom('bookings')
    .innerJoin('enquiries', 'enquiries.id', 'bookings.enquiry_id')
    .selectAll('bookings')
    .select('enquiries.lead_id')
    .where(
      'bookings.id',
      'in',
      parsed.map((job) => job.bookingId),
    )
    .execute();
  const bookings = new Map(rows.map((row) => [row.id, toBooking(row)]));
  // A booking's enquiry that joined an open lead names it; otherwise it is the lead.
  const leads = new Map(rows.map((row) => [row.id, row.lead_id ?? row.enquiry_id]));
  return new Map(
    parsed.flatMap((job) => {
      const booking = bookings.get(job.bookingId);
      if (booking === undefined) return [];
      const asQueued = {
        ...booking,
        start: new Date(job.start),
        end: new Date(job.end),
        sequence: job.sequence,
      };
      const email = {
        event: job.event,
        to: job.to,
        booking: asQueued,
        leadId: leads.get(job.bookingId) ?? booking.enquiryId,
        message: job.message,
        by: job.by ?? null,
        owner: job.owner ?? null,
      };
      return [[job.id, email]];
    }),
  );
}

/**
 * The outbox rows of the emails about any of `bookingIds` still to send, by id: a forgotten
 * person's invitation, update or reminder must not go out after all. The payload names the
 * booking; booking emails wait in the outbox minutes, not months, so they are few to read.
 */
export async function bookingEmailRowsOf(
  trx: Transaction<Database>,
  bookingIds: readonly string[],
): Promise<string[]> {
  const forgotten = new Set(bookingIds);
  const rows = await trx
    .selectFrom('outbox')
    .select(['id', 'payload'])
    .where('kind', '=', 'booking')
    .execute();
  return rows.flatMap((row) => {
    const payload = BookingEmailPayload.safeParse(JSON.parse(row.payload ?? 'null'));
    return payload.success && forgotten.has(payload.data.bookingId) ? [row.id] : [];
  });
}

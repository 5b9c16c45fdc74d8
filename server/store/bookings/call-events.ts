import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { CallEvent, CallEventKind } from '../../../common/leads';
import type { Booking } from '../../booking/booking-types';
import type { Database } from '../db/schema';
import { toDate } from '../db/to-date';

/** How one change of a call is told in its lead's thread. */
export type CallChange = {
  kind: CallEventKind;
  /** The staff member's name when staff made the change; null: the visitor. */
  byStaff: string | null;
  /** A move's earlier time. */
  from?: { start: Date; end: Date };
  text: string;
  now: string;
};

/**
 * Records a change of `booking` (as the change left it) in the caller's transaction, so the
 * event is kept exactly when the change is. A change is known by the call's SEQUENCE after it:
 * the unique index refuses a second event for one change.
 */
export async function recordCallEvent(
  trx: Transaction<Database>,
  booking: Booking,
  change: CallChange,
): Promise<void> {
  await trx
    .insertInto('call_events')
    .values({
      id: randomUUID(),
      booking_id: booking.id,
      sequence: booking.sequence,
      kind: change.kind,
      at: change.now,
      by_staff: change.byStaff,
      start_at: booking.start.toISOString(),
      end_at: booking.end.toISOString(),
      from_start_at: change.from?.start.toISOString() ?? null,
      from_end_at: change.from?.end.toISOString() ?? null,
      text: change.text,
    })
    .execute();
}

/**
 * The events of the calls of the given leads (their own calls and those of the enquiries that
 * joined them), each lead's oldest first, by lead id.
 */
export async function readCallEventsOfLeads(
  db: Kysely<Database>,
  leadIds: readonly string[],
): Promise<Map<string, CallEvent[]>> {
  if (leadIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('call_events')
    .innerJoin('bookings', 'bookings.id', 'call_events.booking_id')
    .innerJoin('enquiries', 'enquiries.id', 'bookings.enquiry_id')
    .select([
      'enquiries.id as enquiry_id',
      'enquiries.lead_id',
      'call_events.id',
      'call_events.booking_id',
      'call_events.kind',
      'call_events.at',
      'call_events.by_staff',
      'call_events.start_at',
      'call_events.end_at',
      'call_events.from_start_at',
      'call_events.from_end_at',
      'call_events.text',
    ])
    .where((eb) =>
      eb.or([eb('enquiries.id', 'in', leadIds), eb('enquiries.lead_id', 'in', leadIds)]),
    )
    .orderBy('call_events.at')
    .orderBy('call_events.sequence')
    .execute();
  const events = new Map<string, CallEvent[]>();
  for (const row of rows) {
    // A lead's own enquiry has no lead_id; one that joined it names it.
    const leadId = row.lead_id ?? row.enquiry_id;
    const event: CallEvent = {
      id: row.id,
      bookingId: row.booking_id,
      kind: row.kind,
      at: toDate(row.at).toISOString(),
      byStaff: row.by_staff,
      start: toDate(row.start_at).toISOString(),
      end: toDate(row.end_at).toISOString(),
      from:
        row.from_start_at === null || row.from_end_at === null
          ? null
          : {
              start: toDate(row.from_start_at).toISOString(),
              end: toDate(row.from_end_at).toISOString(),
            },
      text: row.text,
    };
    const group = events.get(leadId);
    if (group === undefined) events.set(leadId, [event]);
    else group.push(event);
  }
  return events;
}

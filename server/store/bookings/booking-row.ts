import type { Selectable } from 'kysely';
import type { Booking } from '../../booking/booking-types';
import { toDate } from '../db/to-date';
import type { BookingTable } from './booking-schema';

export function toBooking(row: Selectable<BookingTable>): Booking {
  return {
    id: row.id,
    enquiryId: row.enquiry_id,
    name: row.name,
    email: row.email,
    note: row.note,
    start: toDate(row.start_at),
    end: toDate(row.end_at),
    state: row.state,
    uid: row.uid,
    sequence: row.sequence,
    createdAt: toDate(row.created_at),
    visitorTimeZone: row.visitor_time_zone,
    phone: row.phone,
    cancelReason: row.cancel_reason,
    meetingRoom: row.meeting_room,
  };
}

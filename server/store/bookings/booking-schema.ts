import type { CalendarCopyColumns, CalendarRemovalTable } from './calendar-copy-schema';
import type { BookingState } from '../../booking/booking-types';
import type { CallEventKind } from '../../../common/leads';
import type { NullableTimestamp, Timestamp } from '../db/timestamps';

/** One call booked through the site; a cancelled one is kept, and frees its time. */
export type BookingTable = {
  id: string;
  /** The lead the booking opened in the inbox; the booking goes with it. */
  enquiry_id: string;
  name: string;
  email: string;
  note: string;
  start_at: Timestamp;
  end_at: Timestamp;
  /** The end plus the buffer the rules asked for when it was booked: what no other call may overlap. */
  blocked_until: Timestamp;
  /** The call's date in the studio's zone (YYYY-MM-DD), counted against the calls a day allows. */
  day: string;
  state: BookingState;
  uid: string;
  sequence: number;
  /** SHA-256 of the visitor's manage link's secret; null until the invitation is sent. */
  manage_token_hash: string | null;
  /** When the reminder is due (a day before the call), and when it was claimed for sending. */
  remind_at: Timestamp;
  reminded_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  cancelled_at: NullableTimestamp;
  /** SHA-256 of the client that booked it (its address or IPv6 /64); null when booked otherwise. */
  client_key: string | null;
  /** The visitor's IANA zone, as the page detected or they chose; null before migration 0033. */
  visitor_time_zone: string | null;
  /** The number to ring when the studio meets by phone. */
  phone: string | null;
  /** What the visitor said when they cancelled, if anything. */
  cancel_reason: string | null;
  /** The call's own video room name, drawn when it was booked; null before migration 0043. */
  meeting_room: string | null;
};

/** Every manage link sent for a call, by its secret's SHA-256 (docs/decisions/0089). */
export type BookingLinkTable = { token_hash: string; booking_id: string; created_at: Timestamp };

/** One row per day that ever had a booking: locked to count that day's calls one writer at a time. */
export type BookingDayTable = { day: string };

/** One row per client that ever booked: locked to count its standing calls one writer at a time. */
export type BookingClientTable = { client_key: string };

/** What happened to a call, one row per change of it (its SEQUENCE): docs/decisions/0103. */
export type CallEventTable = {
  id: string;
  booking_id: string;
  sequence: number;
  kind: CallEventKind;
  at: Timestamp;
  /** The staff member's name when staff made the change; null: the visitor did. */
  by_staff: string | null;
  /** The call's time after the change (a cancelled call: the time it had). */
  start_at: Timestamp;
  end_at: Timestamp;
  /** A move's earlier time; null for the other kinds. */
  from_start_at: NullableTimestamp;
  from_end_at: NullableTimestamp;
  /** The visitor's note (booked), their reason or the studio's words (cancelled); '' for none. */
  text: string;
};

export type BookingDatabase = {
  bookings: BookingTable & CalendarCopyColumns;
  booking_days: BookingDayTable;
  booking_clients: BookingClientTable;
  booking_links: BookingLinkTable;
  call_events: CallEventTable;
  calendar_removals: CalendarRemovalTable;
};

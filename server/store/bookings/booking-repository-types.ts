import type { Booking, Interval } from '../../booking/booking-types';
import type { NewEnquiry } from '../enquiries/enquiry-types';

/** Where a call sits and what it blocks, as the slot rules judged it. */
export type BookedTime = {
  start: Date;
  end: Date;
  /** The end plus the studio's buffer: no other call may start before it. */
  blockedUntil: Date;
  /** The call's date in the studio's zone (YYYY-MM-DD). */
  day: string;
  /** The most calls that day may hold, this one included. */
  maxPerDay: number;
  /**
   * When the visitor's reminder is due; null: none (the call is too near for one to help).
   * Unset: a day before the call.
   */
  remindAt?: Date | null;
};

/** A call as the booking route hands it to the store, with the lead it opens. */
export type NewBooking = BookedTime & {
  /** The lead in the inbox, stored in the booking's own transaction. */
  lead: NewEnquiry;
  name: string;
  email: string;
  note: string;
  /** The client that books it, and how many standing calls one client may hold; none from elsewhere. */
  client?: BookingClient;
  /** The visitor's IANA zone, when the page knew it. */
  visitorTimeZone?: string | null;
  /** The number to ring, when the studio meets by phone. */
  phone?: string | null;
};

/** Who cancels a call and what they said; every field may be left out. */
export type CancelDetails = {
  /** The visitor's reason, kept with the call and written on its lead as a note. */
  reason?: string | null;
  /** The name of the staff member who cancels: the email to the visitor comes in it. */
  by?: string | null;
  /** A call that ended by then is not cancelled (it is `gone`): it happened or it did not. */
  now?: Date;
};

/** Who books, as the limits count them (hashed), and the standing calls it may hold at most. */
export type BookingClient = { key: string; maxStanding: number };

/** Why a time could not be held: another call overlaps it, or its day is full. */
export type RefusedTime = { kind: 'taken' } | { kind: 'day_full' };

export type BookResult =
  /** `leadId`: the person's open lead the call joined, else the call's own (0087). */
  | { kind: 'booked'; booking: Booking; leadId: string }
  /** The same Idempotency-Key and body came before: the booking it made, if any. */
  | { kind: 'replayed'; enquiryId: string; booking: Booking | null }
  /** The lead was judged spam (or its solution was spent before): stored, nothing booked. */
  | { kind: 'spam'; enquiryId: string }
  /** The same Idempotency-Key came with a different body. */
  | { kind: 'conflict' }
  /** The client already holds its most standing calls: nothing is stored, the lead neither. */
  | { kind: 'client_full' }
  | RefusedTime;

export type RescheduleResult = { kind: 'moved'; booking: Booking } | { kind: 'gone' } | RefusedTime;

export type CancelResult = { kind: 'cancelled'; booking: Booking } | { kind: 'gone' };

/** Who is told what about a call: each becomes one email in the outbox. */
export type BookingEmailEvent = 'invitation' | 'update' | 'cancellation' | 'reminder';
/** The visitor, the studio's inbox (MAIL_TO), and the owner of the lead the call is in. */
export type BookingEmailAudience = 'visitor' | 'studio' | 'owner';

/** The staff member who owned the call's lead when an email about it was queued. */
export type LeadOwner = { email: string; name: string };

/** One booking email as the outbox hands it to the composer. */
export type BookingEmail = {
  event: BookingEmailEvent;
  to: BookingEmailAudience;
  /** The call as it stood when the email was queued (its time and SEQUENCE). */
  booking: Booking;
  /** The lead the call is in: its own enquiry's, or the open lead that enquiry joined. */
  leadId: string;
  /** The studio's words to the visitor when it cancels; null otherwise. */
  message: string | null;
  /** The staff member who cancelled, by name; null when the visitor did (or for other events). */
  by: string | null;
  /** The lead's owner when the email was queued: the studio's copies invite them to the call. */
  owner: LeadOwner | null;
};

/** The calls booked through the site: held by the database so no two ever overlap. */
export interface BookingRepository {
  /**
   * Stores the lead, the call and its invitations in one transaction. The call is refused as
   * `taken` when another call that is not cancelled overlaps the time it blocks, and as
   * `day_full` when its day holds `maxPerDay` calls already, and as `client_full` when its client
   * holds `client.maxStanding` calls not cancelled and not over; nothing is then stored.
   */
  book(booking: NewBooking): Promise<BookResult>;
  /** Moves a call that is not cancelled, raising its SEQUENCE and queueing the updates. */
  reschedule(id: string, time: BookedTime): Promise<RescheduleResult>;
  /**
   * Cancels a call that is not cancelled yet (nor over by `details.now`) and queues the
   * cancellations; a reason is kept with the call and noted on its lead.
   */
  cancel(id: string, message: string | null, details?: CancelDetails): Promise<CancelResult>;
  getBooking(id: string): Promise<Booking | null>;
  /** The booking a lead opened, if any. */
  getBookingOfEnquiry(enquiryId: string): Promise<Booking | null>;
  /**
   * Every call of a lead, its own and those of the enquiries that joined it (0087), newest
   * booking first.
   */
  listCallsOfLead(leadId: string): Promise<Booking[]>;
  /** The bookings those leads opened, by enquiry id (for an export's page). */
  readBookingsOfEnquiries(enquiryIds: readonly string[]): Promise<Map<string, Booking>>;
  /**
   * The call a manage link's secret belongs to, cancelled or not (so its page can say so); null
   * for a forged, replaced or malformed one.
   */
  findBookingByToken(token: string): Promise<Booking | null>;
  /**
   * The calls not cancelled whose blocked time overlaps [from, to), as their call's own span, for
   * the slot rules (which add the buffer themselves); `exceptId` leaves out a call being moved.
   */
  listCallsBetween(from: Date, to: Date, exceptId?: string): Promise<Interval[]>;
  /** Calls starting in [from, to), cancelled ones too, earliest first. */
  listBookings(from: Date, to: Date): Promise<(Booking & { leadId: string })[]>;
  /**
   * A new secret for the visitor's manage link of a call that is not cancelled; only its SHA-256
   * is kept, beside those of the links sent before, which all go on working (0089). Null when
   * the call is gone or cancelled.
   */
  mintManageToken(id: string): Promise<string | null>;
  /**
   * Queues the reminder of every call not cancelled whose reminder is due by `now`, that has not
   * started and has not been reminded: a conditional update claims each, so several instances send it once.
   * Returns how many were queued.
   */
  queueDueReminders(now: Date): Promise<number>;
}

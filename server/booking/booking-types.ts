/**
 * What the booking rooms agree on: the studio's hours and rules, the calls booked, and the
 * calendar behind them. The slot rules (`slot-rules.ts`), the store (`store/bookings/`), the
 * calendar (`calendar/`) and the pages each depend on these names, never on one another's
 * insides.
 */

import type { Meeting } from '../../common/booking-availability';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Opening hours in the studio's zone, `"HH:MM"` to `"HH:MM"`, start before end. */
export type TimeRange = readonly [start: string, end: string];

/** The studio's rules for a call, all read in `STUDIO_TIME_ZONE`. */
export type Availability = {
  /** Each day's ranges, sorted and not overlapping; an empty list is a day off. */
  weekly: Readonly<Record<Weekday, readonly TimeRange[]>>;
  /** The call's length, and the grid slots start on from each range's start (15–240). */
  lengthMinutes: number;
  /** Kept free after each call before the next may start (0–120). */
  bufferMinutes: number;
  /** How long before a call it may still be booked (0–336). */
  noticeHours: number;
  /** How many days ahead a call may be booked, today counting as the first (1–366). */
  horizonDays: number;
  /** At most this many calls on one day of the studio's zone (1–48). */
  maxPerDay: number;
  /** Where calls happen; unset until the studio says. */
  meeting?: Meeting;
};

const OFFICE_HOURS: readonly TimeRange[] = [['09:00', '17:00']];

/** Until the studio sets its own: weekdays 09:00–17:00, 30 minutes, a day's notice. */
export const DEFAULT_AVAILABILITY: Availability = {
  weekly: {
    mon: OFFICE_HOURS,
    tue: OFFICE_HOURS,
    wed: OFFICE_HOURS,
    thu: OFFICE_HOURS,
    fri: OFFICE_HOURS,
    sat: [],
    sun: [],
  },
  lengthMinutes: 30,
  bufferMinutes: 0,
  noticeHours: 24,
  horizonDays: 30,
  maxPerDay: 8,
};

/** A span between two instants, start included, end excluded. */
export type Interval = { start: Date; end: Date };

export type BookingState = 'confirmed' | 'pending' | 'cancelled';

/** A call as the studio and the calendar see it. */
export type Booking = {
  id: string;
  /** The lead it opened in the inbox. */
  enquiryId: string;
  name: string;
  email: string;
  note: string;
  start: Date;
  end: Date;
  state: BookingState;
  /** The iCalendar UID shared by every invitation and the calendar's event. */
  uid: string;
  /** RFC 5545 SEQUENCE: raised on every change the visitor is told of. */
  sequence: number;
  createdAt: Date;
  /** The visitor's own IANA zone, given beside the studio's in their emails; null if unknown. */
  visitorTimeZone: string | null;
  /** The number the studio rings, when it meets by phone. */
  phone: string | null;
  /** The visitor's reason, when they cancelled and gave one. */
  cancelReason: string | null;
  /**
   * The call's own video room name, unguessable and kept when the call moves: its room when
   * the studio meets in a fresh room per call. Null for calls booked before rooms were drawn.
   */
  meetingRoom: string | null;
};

/**
 * The studio's own calendar, read for busy times. Every read is live: a booking checks the
 * calendar at the moment it is made, so an event added a minute ago wins.
 */
export interface BusyCalendar {
  /** The busy times overlapping [from, to), recurrences expanded, free and cancelled ones left out. */
  busyBetween(from: Date, to: Date): Promise<Interval[]>;
}

/** The calendar could not be read or written; nothing it would have said is guessed. */
export class CalendarUnavailableError extends Error {
  constructor(
    /** Why, in words an owner can act on; names no credential. */
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`The studio's calendar cannot be reached: ${reason}`, options);
    this.name = 'CalendarUnavailableError';
  }
}

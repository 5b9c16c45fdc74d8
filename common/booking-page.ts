import type { FieldErrors } from './api';
import type { MeetingWords } from './meeting-words';

/** The visitor's booking pages, answered per request (no JavaScript needed, decision 0072). */
export const BOOK_PATH = '/book';
export const MANAGE_PATH = '/booking/manage';

/** One free slot as a choice: its start (the value posted) and its times in the studio's zone. */
export type SlotChoice = { start: string; time: string };

/** The free slots of one of the studio's days, labelled like "Tuesday 1 December". */
export type SlotDay = { label: string; slots: SlotChoice[] };

/** Why the visitor sees the page again instead of the next step. */
export type BookingNotice =
  'slot_taken' | 'invalid_slot' | 'calendar_unavailable' | 'invalid_fields';

export type BookingFields = 'start' | 'name' | 'email' | 'note' | 'phone' | 'timeZone';

/**
 * The week of days a page offers (`from`, YYYY-MM-DD in the studio's zone) and the first days
 * of the weeks before and after it within what may be booked; null where there is none. The
 * links carry `?from=`, so every bookable day is reached with or without script.
 */
export type SlotWeek = { from: string; earlier: string | null; later: string | null };

/**
 * A call's time as the page says it (`when`, in the studio's zone, the zone named), and its
 * start and that zone for the page's script, which adds the visitor's own time (0080).
 */
export type CallTime = { when: string; start: string; timeZone: string };

/**
 * A booking page's facts, formatted by the server in the studio's zone (the zone is always
 * named: `zoneLabel`, e.g. "Times in London time"); the site's components only lay them out.
 * `timeZone` (the studio's IANA zone) is in the markup for the page's script, which adds the
 * visitor's own times beside the studio's (decision 0080).
 */
export type BookingPage =
  | {
      kind: 'book';
      zoneLabel: string;
      timeZone: string;
      days: SlotDay[];
      week: SlotWeek;
      /** Where calls happen; null until the studio says. */
      where: MeetingWords | null;
      /** The studio rings its visitors: the form asks for a number. */
      asksPhone: boolean;
      values: Partial<Record<BookingFields, string>>;
      fieldErrors: FieldErrors;
      notice: BookingNotice | null;
    }
  | { kind: 'booked'; call: CallTime; email: string; where: MeetingWords | null }
  | {
      kind: 'manage';
      call: CallTime;
      where: MeetingWords | null;
      zoneLabel: string;
      timeZone: string;
      days: SlotDay[];
      week: SlotWeek;
      notice: BookingNotice | null;
      /** The visitor asked to cancel: the page asks them to confirm, and for a reason. */
      confirmingCancel: boolean;
      /** The link's own address (token and all), which its forms post back to. */
      self: string;
    }
  | { kind: 'manage-done'; done: 'moved' | 'cancelled'; call: CallTime }
  /** A manage link no call has (404), or whose call is cancelled or over (410). */
  | { kind: 'link-gone'; isSpent: boolean };

const BOOKING_KINDS: ReadonlySet<string> = new Set<BookingPage['kind']>([
  'book',
  'booked',
  'manage',
  'manage-done',
  'link-gone',
]);

export function isBookingPage(page: { kind: string }): page is BookingPage {
  return BOOKING_KINDS.has(page.kind);
}

/**
 * Whether a page shows times the visitor may want in their own zone: slots to choose from, or
 * the call just booked or moved. Only those load the booking script (0080).
 */
export function showsCallTimes(page: { kind: string }): boolean {
  if (!isBookingPage(page)) return false;
  switch (page.kind) {
    case 'book':
    case 'manage':
    case 'booked':
      return true;
    case 'manage-done':
      return page.done === 'moved';
    case 'link-gone':
      return false;
  }
}

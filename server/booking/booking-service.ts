import { createHash } from 'node:crypto';
import type { Temporal } from 'temporal-polyfill';
import type { ContactMessage } from '../../common/contact';
import type { NewEnquiry } from '../store/enquiries/enquiry-types';
import type { Store } from '../store/store';
import {
  CalendarUnavailableError,
  type Booking,
  type BusyCalendar,
  type Interval,
} from './booking-types';
import type { BookedTime } from '../store/bookings/booking-repository-types';
import { describeCallTime } from './describe-call-time';
import { reminderTimeFor } from './reminder-time';
import {
  daysNear,
  findConflict,
  listFreeSlots,
  nearestFreeSlots,
  readStart,
  spanOfDays,
  type InvalidSlotReason,
  type SlotRules,
  type TakenSlotReason,
} from './slot-rules';

/**
 * Booking, moving and cancelling a call: the one path the JSON API and the pages share. The
 * slot rules judge the start first (a 422 costs no read), then the calendar is read live for
 * that slot (an event added a minute ago wins), and the store holds the time, which only the
 * database can guarantee (0069). While the calendar cannot be read nothing is booked (0070).
 */

export type BookingServiceDeps = {
  store: Pick<Store, 'bookings'>;
  /** The studio's calendar; null when CALDAV_URL is unset (the weekly hours alone decide). */
  calendar: BusyCalendar | null;
  timeZone: string;
  now: () => Date;
  /** Calls one client may hold at once (BOOKING_CALLS_PER_CLIENT, docs/decisions/0091). */
  callsPerClient: number;
};

/** How many free slots a refusal offers instead. */
const NEAREST_COUNT = 6;

/** Why a time could not be had, with the nearest free ones to offer instead. */
export type TimeRefusal =
  | { kind: 'invalid_slot'; reason: InvalidSlotReason }
  | { kind: 'slot_taken'; reason: TakenSlotReason; nearest: Interval[] }
  | { kind: 'calendar_unavailable' };

export type BookOutcome =
  /** `leadId`: the lead the call is shown in, its person's open one if they had one. */
  | { kind: 'booked'; booking: Booking; leadId: string }
  /** A retried request: the booking the first one made (none when it was spam), and the slot asked for. */
  | { kind: 'replayed'; enquiryId: string; booking: Booking | null; slot: Interval }
  /** Judged spam: the lead is kept as spam, nothing is booked. */
  | { kind: 'spam'; enquiryId: string; booking?: undefined; slot: Interval }
  | { kind: 'idempotency_conflict' }
  /** The client already holds its most calls (callsPerClient): nothing is stored. */
  | { kind: 'client_full' }
  /** The studio meets by phone and the visitor gave no number. */
  | { kind: 'phone_required' }
  | TimeRefusal;

export type ManageOutcome =
  | { kind: 'moved'; booking: Booking }
  | { kind: 'cancelled'; booking: Booking }
  /** No call has this link (forged, or replaced by a newer email's). */
  | { kind: 'not_found' }
  /** The call is cancelled or over: the link has nothing left to do. */
  | { kind: 'gone'; booking: Booking | null }
  | TimeRefusal;

export type NewCall = {
  start: string;
  name: string;
  email: string;
  note: string;
  /** The visitor's IANA zone, as the page detected or they chose. */
  visitorTimeZone: string | null;
  /** Their number, for a studio that meets by phone. */
  phone: string | null;
  /** The lead as the contact form would store it; its message is written here, from the call. */
  lead: Omit<NewEnquiry, 'message'>;
  /** Who books, as the limits count clients (limitSubjectOf); held to its share of calls. */
  clientSubject: string;
};

/** The store's key for a client: a hash, so no address is kept in the clear with the call. */
function clientKeyOf(subject: string): string {
  return createHash('sha256').update(`booking-client:${subject}`).digest('base64url');
}

async function readRules(deps: BookingServiceDeps): Promise<SlotRules> {
  return { availability: await deps.store.bookings.readAvailability(), timeZone: deps.timeZone };
}

/** The calendar's busy times over `span`, read now; none without a calendar. */
function readBusy(deps: BookingServiceDeps, span: Interval): Promise<Interval[]> {
  return deps.calendar === null
    ? Promise.resolve([])
    : deps.calendar.busyBetween(span.start, span.end);
}

/** The free slots nearest `at`, to offer when it was refused; none if the calendar fails now. */
async function nearestTo(
  deps: BookingServiceDeps,
  rules: SlotRules,
  at: Date,
  exceptId?: string,
): Promise<Interval[]> {
  const { from, to } = daysNear(rules, at);
  const span = spanOfDays(rules, from, to);
  try {
    const [busy, booked] = await Promise.all([
      readBusy(deps, span),
      deps.store.bookings.listCallsBetween(span.start, span.end, exceptId),
    ]);
    const free = listFreeSlots(rules, { now: deps.now(), busy, booked }, from, to);
    return nearestFreeSlots(free, at, NEAREST_COUNT);
  } catch (error) {
    if (error instanceof CalendarUnavailableError) return [];
    throw error;
  }
}

type JudgedTime =
  | { ok: true; slot: Interval; day: Temporal.PlainDate; rules: SlotRules }
  | { ok: false; refusal: TimeRefusal };

/**
 * Whether `start` may be booked now by the rules and the live calendar. Whether another call
 * holds it is the store's to say, in the booking's own transaction: it alone is sure, and it
 * knows a retried request from a rival one.
 */
async function judgeTime(deps: BookingServiceDeps, start: string): Promise<JudgedTime> {
  const rules = await readRules(deps);
  const reading = readStart(rules, deps.now(), start);
  if (!reading.ok) return { ok: false, refusal: { kind: 'invalid_slot', reason: reading.reason } };
  let busy: Interval[];
  try {
    busy = await readBusy(deps, reading.slot);
  } catch (error) {
    if (error instanceof CalendarUnavailableError) {
      return { ok: false, refusal: { kind: 'calendar_unavailable' } };
    }
    throw error;
  }
  if (findConflict(rules, reading.slot, { busy, booked: [] }) !== null) {
    const nearest = await nearestTo(deps, rules, reading.slot.start);
    return { ok: false, refusal: { kind: 'slot_taken', reason: 'busy', nearest } };
  }
  return { ok: true, slot: reading.slot, day: reading.day, rules };
}

function heldTime({ slot, day, rules }: Extract<JudgedTime, { ok: true }>, now: Date): BookedTime {
  const { bufferMinutes, maxPerDay } = rules.availability;
  return {
    start: slot.start,
    end: slot.end,
    blockedUntil: new Date(slot.end.getTime() + bufferMinutes * 60_000),
    day: day.toString(),
    maxPerDay,
    remindAt: reminderTimeFor(slot.start, now),
  };
}

/** The service a booking's lead is filed under: the visitor chose a call, not a service. */
const BOOKING_SERVICE = 'Other / Not Sure — Help Me Choose';

/** The lead in the inbox: who, and when the call is in the studio's zone, then the note. */
function leadMessage(call: NewCall, slot: Interval, timeZone: string): ContactMessage {
  const line = `Booked a call through the site: ${describeCallTime(slot.start, slot.end, timeZone)}.`;
  return {
    name: call.name,
    email: call.email,
    service: BOOKING_SERVICE,
    message: call.note === '' ? line : `${line}\n\n${call.note}`,
  };
}

export async function bookCall(deps: BookingServiceDeps, call: NewCall): Promise<BookOutcome> {
  const judged = await judgeTime(deps, call.start);
  if (!judged.ok) return judged.refusal;
  const byPhone = judged.rules.availability.meeting?.kind === 'phone';
  if (byPhone && call.phone === null) return { kind: 'phone_required' };
  const result = await deps.store.bookings.book({
    ...heldTime(judged, deps.now()),
    lead: { ...call.lead, message: leadMessage(call, judged.slot, deps.timeZone) },
    name: call.name,
    email: call.email,
    note: call.note,
    client: { key: clientKeyOf(call.clientSubject), maxStanding: deps.callsPerClient },
    visitorTimeZone: call.visitorTimeZone,
    phone: byPhone ? call.phone : null,
  });
  switch (result.kind) {
    case 'taken':
    case 'day_full':
      return {
        kind: 'slot_taken',
        reason: result.kind,
        nearest: await nearestTo(deps, judged.rules, judged.slot.start),
      };
    case 'conflict':
      return { kind: 'idempotency_conflict' };
    case 'booked':
    case 'client_full':
      return result;
    default:
      return { ...result, slot: judged.slot };
  }
}

/** The call a manage link opens, if the link can still change it. */
export async function readManagedCall(
  deps: BookingServiceDeps,
  token: string,
): Promise<
  { kind: 'open'; booking: Booking } | Extract<ManageOutcome, { kind: 'not_found' | 'gone' }>
> {
  const booking = await deps.store.bookings.findBookingByToken(token);
  if (booking === null) return { kind: 'not_found' };
  const isOver = booking.end.getTime() <= deps.now().getTime();
  if (booking.state === 'cancelled' || isOver) return { kind: 'gone', booking };
  return { kind: 'open', booking };
}

export async function cancelByLink(
  deps: BookingServiceDeps,
  token: string,
  reason: string | null = null,
): Promise<ManageOutcome> {
  const call = await readManagedCall(deps, token);
  if (call.kind !== 'open') return call;
  const result = await deps.store.bookings.cancel(call.booking.id, null, {
    reason,
    now: deps.now(),
  });
  return result.kind === 'cancelled' ? result : { kind: 'gone', booking: call.booking };
}

export async function rescheduleByLink(
  deps: BookingServiceDeps,
  token: string,
  start: string,
): Promise<ManageOutcome> {
  const call = await readManagedCall(deps, token);
  if (call.kind !== 'open') return call;
  const { id } = call.booking;
  const judged = await judgeTime(deps, start);
  if (!judged.ok) return judged.refusal;
  const result = await deps.store.bookings.reschedule(id, heldTime(judged, deps.now()));
  if (result.kind === 'moved') return result;
  if (result.kind === 'gone') return { kind: 'gone', booking: call.booking };
  return {
    kind: 'slot_taken',
    reason: result.kind,
    nearest: await nearestTo(deps, judged.rules, judged.slot.start, id),
  };
}

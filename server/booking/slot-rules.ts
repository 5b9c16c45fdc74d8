import { Temporal } from 'temporal-polyfill';
import { minuteOfDay } from '../../common/booking-availability';
import { createBlockedTime } from './blocked-time';
import {
  WEEKDAYS,
  type Availability,
  type Interval,
  type TimeRange,
  type Weekday,
} from './booking-types';
import { dayAt, firstInstantReaching, instantsShowing, keepsOffsetBetween } from './zoned-day';

/**
 * Which calls can be booked: pure, no I/O, every time read on the studio's wall clock through
 * the time-zone database (docs/decisions/0068-time-zones-and-slot-rules.md). A day's ranges
 * start and end at their wall times whatever the offset; slots lie on the grid of the call's
 * length from each range's start; a wall time the clocks skip is no slot, one they repeat is
 * a slot at each of its real instants.
 */

/** The studio's hours and rules, and the zone they are read in. */
export type SlotRules = { availability: Availability; timeZone: string };

/**
 * What the moment knows: `busy` from the studio's calendar, `booked` the calls already taken
 * (each also holds its buffer after it). Whatever overlaps the span of `spanOfDays` is enough.
 */
export type SlotFacts = { now: Date; busy: readonly Interval[]; booked: readonly Interval[] };

/** Why a start is not a slot at all: the request is wrong (422 `invalid_slot`). */
export type InvalidSlotReason =
  'malformed' | 'past' | 'outside_hours' | 'off_grid' | 'within_notice' | 'beyond_horizon';
/** Why a slot cannot be had now: someone or something was first (409 `slot_taken`). */
export type TakenSlotReason = 'busy' | 'taken' | 'day_full';

export type SlotVerdict =
  { ok: true; slot: Interval } | { ok: false; reason: InvalidSlotReason | TakenSlotReason };

/** The API's error code for each reason a start is refused. */
export function refusalCode(reason: InvalidSlotReason | TakenSlotReason) {
  return reason === 'busy' || reason === 'taken' || reason === 'day_full'
    ? 'slot_taken'
    : 'invalid_slot';
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A start is an ISO 8601 instant; anything longer is not one, and is not parsed. */
const START_MAX_LENGTH = 40;

type Span = { start: number; end: number };

const lengthOf = ({ availability }: SlotRules) => availability.lengthMinutes * MINUTE;
const bufferOf = ({ availability }: SlotRules) => availability.bufferMinutes * MINUTE;

function weekdayOf(day: Temporal.PlainDate): Weekday {
  const weekday = WEEKDAYS[day.dayOfWeek - 1];
  if (weekday === undefined) throw new RangeError(`No weekday numbered ${day.dayOfWeek}`);
  return weekday;
}

/** Each range of `day` as the real instants it opens and closes at. */
function hoursOf(day: Temporal.PlainDate, { availability, timeZone }: SlotRules) {
  const ranges = availability.weekly[weekdayOf(day)];
  return ranges.map((range) => ({
    range,
    open: firstInstantReaching(day, minuteOfDay(range[0]), timeZone),
    close: firstInstantReaching(day, minuteOfDay(range[1]), timeZone),
  }));
}

/**
 * The slots of one range. Where the range starts at a wall time that exists and the offset
 * holds until it closes, wall clock and elapsed time agree: slots follow from its opening. Only
 * across a change is each grid time looked up, to drop the skipped ones and keep both passes of
 * a repeated one, leaving out a slot that would overlap the one before it.
 */
function slotsOfRange(
  day: Temporal.PlainDate,
  { range, open, close }: { range: TimeRange; open: number; close: number },
  rules: SlotRules,
): Span[] {
  const length = lengthOf(rules);
  const from = minuteOfDay(range[0]);
  const slots: Span[] = [];
  if (
    instantsShowing(day, from, rules.timeZone)[0] === open &&
    keepsOffsetBetween(open, close, rules.timeZone)
  ) {
    for (let start = open; start + length <= close; start += length) {
      slots.push({ start, end: start + length });
    }
    return slots;
  }
  const starts: number[] = [];
  const to = minuteOfDay(range[1]);
  for (let minute = from; minute < to; minute += rules.availability.lengthMinutes) {
    starts.push(...instantsShowing(day, minute, rules.timeZone));
  }
  for (const start of starts.sort((a, b) => a - b)) {
    const previous = slots.at(-1);
    const isInRange = start >= open && start + length <= close;
    if (isInRange && (previous === undefined || previous.end <= start)) {
      slots.push({ start, end: start + length });
    }
  }
  return slots;
}

/** Every slot of `day` by the weekly hours alone, in order. */
function gridOf(day: Temporal.PlainDate, rules: SlotRules): Span[] {
  return hoursOf(day, rules)
    .flatMap((hours) => slotsOfRange(day, hours, rules))
    .sort((a, b) => a.start - b.start);
}

/** The last day a call may be booked on: today counts as the first of `horizonDays`. */
function lastBookableDay(now: number, rules: SlotRules): Temporal.PlainDate {
  return dayAt(now, rules.timeZone).add({ days: rules.availability.horizonDays - 1 });
}

/** The studio's days a call may be booked on now: today to the horizon's last, both included. */
export function bookableDays(
  rules: SlotRules,
  now: Date,
): { first: Temporal.PlainDate; last: Temporal.PlainDate } {
  return {
    first: dayAt(now.getTime(), rules.timeZone),
    last: lastBookableDay(now.getTime(), rules),
  };
}

/** How many calls each studio day already holds, by `YYYY-MM-DD`. */
function countCallsByDay(booked: readonly Interval[], timeZone: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const call of booked) {
    const day = dayAt(call.start.getTime(), timeZone).toString();
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return counts;
}

const laterOf = (a: Temporal.PlainDate, b: Temporal.PlainDate) =>
  Temporal.PlainDate.compare(a, b) >= 0 ? a : b;
const earlierOf = (a: Temporal.PlainDate, b: Temporal.PlainDate) =>
  Temporal.PlainDate.compare(a, b) <= 0 ? a : b;
const toInterval = ({ start, end }: Span): Interval => ({
  start: new Date(start),
  end: new Date(end),
});

/**
 * The real instants whose busy times and booked calls decide the slots of the days `from` to
 * `to` (both included): the whole days, since a day's count of calls is one of the rules,
 * widened by a call and its buffer on each side.
 */
export function spanOfDays(
  rules: SlotRules,
  from: Temporal.PlainDate,
  to: Temporal.PlainDate,
): Interval {
  const margin = lengthOf(rules) + bufferOf(rules);
  return {
    start: new Date(firstInstantReaching(from, 0, rules.timeZone) - margin),
    end: new Date(firstInstantReaching(to.add({ days: 1 }), 0, rules.timeZone) + margin),
  };
}

/**
 * The free slots of the studio's days `from` to `to`, both included, in order: inside the
 * hours, on the grid, after the notice, within the horizon, on a day with room for one more
 * call, and neither running into the buffer after a booked call or busy time nor letting its
 * own buffer run into the next one.
 */
export function listFreeSlots(
  rules: SlotRules,
  facts: SlotFacts,
  from: Temporal.PlainDate,
  to: Temporal.PlainDate,
): Interval[] {
  const now = facts.now.getTime();
  const earliest = now + rules.availability.noticeHours * HOUR;
  const buffer = bufferOf(rules);
  // The buffer keeps a call clear of the owner's own meetings as of other calls.
  const busy = createBlockedTime(facts.busy, buffer);
  const booked = createBlockedTime(facts.booked, buffer);
  const callsByDay = countCallsByDay(facts.booked, rules.timeZone);
  const last = earlierOf(to, lastBookableDay(now, rules));
  const free: Interval[] = [];
  for (
    let day = laterOf(from, dayAt(now, rules.timeZone));
    Temporal.PlainDate.compare(day, last) <= 0;
    day = day.add({ days: 1 })
  ) {
    if ((callsByDay.get(day.toString()) ?? 0) >= rules.availability.maxPerDay) continue;
    for (const slot of gridOf(day, rules)) {
      if (slot.start < earliest) continue;
      if (busy.overlaps(slot.start, slot.end + buffer)) continue;
      if (booked.overlaps(slot.start, slot.end + buffer)) continue;
      free.push(toInterval(slot));
    }
  }
  return free;
}

function readInstant(text: string): number | null {
  if (text.length > START_MAX_LENGTH) return null;
  try {
    return Temporal.Instant.from(text).epochMilliseconds;
  } catch {
    return null;
  }
}

export type StartReading =
  { ok: true; slot: Interval; day: Temporal.PlainDate } | { ok: false; reason: InvalidSlotReason };

/**
 * Whether `start` (an ISO 8601 instant with its offset) is a slot at all, by the hours and the
 * clock alone, before anything is read: the slot and its studio day, or why not.
 */
export function readStart(rules: SlotRules, now: Date, start: string): StartReading {
  const at = readInstant(start);
  if (at === null) return { ok: false, reason: 'malformed' };
  if (at < now.getTime()) return { ok: false, reason: 'past' };
  const day = dayAt(at, rules.timeZone);
  if (Temporal.PlainDate.compare(day, lastBookableDay(now.getTime(), rules)) > 0) {
    return { ok: false, reason: 'beyond_horizon' };
  }
  const slot = gridOf(day, rules).find((candidate) => candidate.start === at);
  if (slot === undefined) {
    const length = lengthOf(rules);
    const fits = hoursOf(day, rules).some(({ open, close }) => at >= open && at + length <= close);
    return { ok: false, reason: fits ? 'off_grid' : 'outside_hours' };
  }
  if (at < now.getTime() + rules.availability.noticeHours * HOUR) {
    return { ok: false, reason: 'within_notice' };
  }
  return { ok: true, slot: toInterval(slot), day };
}

/**
 * What keeps a slot from being booked now, or null: its day is full, a booked call (with the
 * buffers) is in the way, or the calendar is busy. `booked` must leave out the call being
 * moved when a booking is rescheduled.
 */
export function findConflict(
  rules: SlotRules,
  slot: Interval,
  facts: Pick<SlotFacts, 'busy' | 'booked'>,
): TakenSlotReason | null {
  const start = slot.start.getTime();
  const end = slot.end.getTime();
  const day = dayAt(start, rules.timeZone).toString();
  const callsThatDay = countCallsByDay(facts.booked, rules.timeZone).get(day) ?? 0;
  if (callsThatDay >= rules.availability.maxPerDay) return 'day_full';
  const buffer = bufferOf(rules);
  if (createBlockedTime(facts.booked, buffer).overlaps(start, end + buffer)) return 'taken';
  if (createBlockedTime(facts.busy, buffer).overlaps(start, end + buffer)) return 'busy';
  return null;
}

/** A proposed start judged whole: first as a slot at all, then against what the moment knows. */
export function judgeStart(rules: SlotRules, facts: SlotFacts, start: string): SlotVerdict {
  const reading = readStart(rules, facts.now, start);
  if (!reading.ok) return reading;
  const conflict = findConflict(rules, reading.slot, facts);
  return conflict === null ? { ok: true, slot: reading.slot } : { ok: false, reason: conflict };
}

/** How far either side of a wanted start the nearest free slots are looked for. */
const NEARBY_DAYS = 7;

/** The studio's days around `at` worth offering instead of it (pass them to listFreeSlots). */
export function daysNear(
  rules: SlotRules,
  at: Date,
): { from: Temporal.PlainDate; to: Temporal.PlainDate } {
  const day = dayAt(at.getTime(), rules.timeZone);
  return { from: day.subtract({ days: NEARBY_DAYS }), to: day.add({ days: NEARBY_DAYS }) };
}

/**
 * For "that time was just taken": the `count` free slots closest to `at`, before or after
 * (the earlier one first on a tie), in order of time.
 */
export function nearestFreeSlots(free: readonly Interval[], at: Date, count: number): Interval[] {
  const distance = (slot: Interval) => Math.abs(slot.start.getTime() - at.getTime());
  return [...free]
    .sort((a, b) => distance(a) - distance(b) || a.start.getTime() - b.start.getTime())
    .slice(0, count)
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}

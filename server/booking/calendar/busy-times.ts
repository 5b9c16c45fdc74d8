import ICAL from 'ical.js';
import { Temporal } from 'temporal-polyfill';
import type { Log } from '../../log';
import type { Interval } from '../booking-types';
import { OWN_BOOKING_PROPERTY } from './booking-event';

/** One iCalendar object as the calendar server holds it. */
export type CalendarObject = { href: string; data: string };

/**
 * Larger than any event a person or a calendar app writes: an object this big is skipped
 * unparsed, so one hostile invitation cannot hold the reader.
 */
export const MAX_OBJECT_CHARS = 256 * 1024;

/**
 * Occurrences one object may take to reach the end of the range (a quarter of a second's
 * work): a daily event begun 27 years ago, a weekly one begun long before. A rule that needs
 * more (every second, say) is skipped, so the cost of a read stays linear in what is read
 * however endless or dense a rule is.
 */
export const MAX_STEPS_PER_OBJECT = 10_000;

class UnreadableObject extends Error {}

type Zoned = { studioTimeZone: string };

const knownZones = new Map<string, boolean>();

function isIanaZone(name: string): boolean {
  let known = knownZones.get(name);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-GB', { timeZone: name });
      known = true;
    } catch {
      known = false;
    }
    // Names come from events: remember a bounded few.
    if (knownZones.size < 1000) knownZones.set(name, known);
  }
  return known;
}

/** No zone is further than this from UTC: a wall time read as UTC is at most this far off. */
const WIDEST_OFFSET_MS = 26 * 3_600_000;

/**
 * The instant a time names. UTC times and times in a zone the object defines (VTIMEZONE) are
 * ical.js's to convert. A floating time, or one whose TZID the object leaves undefined, is
 * read on the wall clock of that TZID when it is an IANA name, else of the studio's zone. A
 * date (an all-day event) starts at midnight in the studio's zone: the day the owner blocked.
 */
function instantOf(time: ICAL.Time, tzid: string | null, { studioTimeZone }: Zoned): number {
  if (time.isDate) {
    return Temporal.PlainDate.from({ year: time.year, month: time.month, day: time.day })
      .toZonedDateTime({ timeZone: studioTimeZone })
      .toInstant().epochMilliseconds;
  }
  const zone = time.zone as ICAL.Timezone | null;
  if (zone !== null && (zone.tzid === 'UTC' || zone.component !== null)) {
    return time.toUnixTime() * 1000;
  }
  const timeZone = tzid !== null && isIanaZone(tzid) ? tzid : studioTimeZone;
  return Temporal.PlainDateTime.from({
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.hour,
    minute: time.minute,
    second: time.second,
  })
    .toZonedDateTime(timeZone, { disambiguation: 'compatible' })
    .toInstant().epochMilliseconds;
}

/** The time's wall clock read as if it were UTC: within a day of the instant it names. */
function wallTimeOf(time: ICAL.Time): number {
  return Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
}

/**
 * Free (TRANSP:TRANSPARENT) and cancelled events and occurrences block nothing, nor do the
 * site's own bookings: the bookings table holds those.
 */
function blocksTime(item: ICAL.Event): boolean {
  if (item.component.hasProperty(OWN_BOOKING_PROPERTY)) return false;
  const status = String(item.component.getFirstPropertyValue('status') ?? '').toUpperCase();
  const transparency = String(item.component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  return status !== 'CANCELLED' && transparency !== 'TRANSPARENT';
}

function startTzid(item: ICAL.Event): string | null {
  const tzid = item.component.getFirstProperty('dtstart')?.getParameter('tzid');
  return typeof tzid === 'string' ? tzid : null;
}

/** Collects what an object blocks inside one range, in the studio's zone where it must guess. */
class BusyCollector {
  readonly busy: Interval[] = [];

  constructor(
    readonly range: { start: number; end: number },
    private readonly zoned: Zoned,
  ) {}

  /** Records one occurrence, answering whether it starts before the range's end. */
  add(item: ICAL.Event, start: ICAL.Time, end: ICAL.Time): boolean {
    const tzid = startTzid(item);
    const from = instantOf(start, tzid, this.zoned);
    if (from >= this.range.end) return false;
    // An event without an end lasts its day when it is a date, and no time otherwise (RFC 5545).
    const until =
      start.isDate && end.compare(start) <= 0
        ? from + 86_400_000
        : instantOf(end, tzid, this.zoned);
    if (until > this.range.start && until > from && blocksTime(item)) {
      this.busy.push({ start: new Date(from), end: new Date(until) });
    }
    return true;
  }
}

/**
 * A recurring event's occurrences up to the range's end, RRULE, RDATE and EXDATE applied by
 * ical.js. An occurrence moved by an override (RECURRENCE-ID) is left to that override, which
 * may now fall in another range altogether; a THISANDFUTURE override shifts the ones after it.
 */
function addOccurrences(event: ICAL.Event, collector: BusyCollector): void {
  const iterator = event.iterator();
  // Occurrences that end well before the range are passed over on their wall time alone.
  const passedBefore = collector.range.start - event.duration.toSeconds() * 1000 - WIDEST_OFFSET_MS;
  let steps = 0;
  for (let next = iterator.next(); next !== undefined; next = iterator.next()) {
    steps += 1;
    if (steps > MAX_STEPS_PER_OBJECT) {
      throw new UnreadableObject(`its rule takes over ${MAX_STEPS_PER_OBJECT} occurrences`);
    }
    if (wallTimeOf(next) < passedBefore) continue;
    const details = event.getOccurrenceDetails(next);
    const overridden = details.item !== event && details.item.recurrenceId.compare(next) === 0;
    if (overridden) continue;
    if (!collector.add(details.item, details.startDate, details.endDate)) return;
  }
}

function busyTimesOf(data: string, collector: BusyCollector): void {
  const root = ICAL.Component.fromString(data);
  const series = new Map<string, { master: ICAL.Component | null; overrides: ICAL.Component[] }>();
  root.getAllSubcomponents('vevent').forEach((component, index) => {
    // An event without a UID is still someone's time: it stands alone.
    const uid = String(component.getFirstPropertyValue('uid') ?? `#${index}`);
    const entry = series.get(uid) ?? { master: null, overrides: [] };
    if (component.hasProperty('recurrence-id')) entry.overrides.push(component);
    else entry.master = component;
    series.set(uid, entry);
  });
  for (const { master, overrides } of series.values()) {
    // Each override is an event of its own: moved, cancelled, or invited to alone.
    for (const override of overrides) {
      const event = new ICAL.Event(override);
      collector.add(event, event.startDate, event.endDate);
    }
    if (master === null) continue;
    const event = new ICAL.Event(master, { exceptions: overrides });
    if (event.isRecurring()) addOccurrences(event, collector);
    else collector.add(event, event.startDate, event.endDate);
  }
}

/**
 * The busy times the calendar's objects hold within [from, to), whatever the server did or
 * did not expand. An object that is too large, malformed or endless is skipped with a log
 * line: the rest of the calendar still counts.
 */
export function busyTimesIn(
  objects: Iterable<CalendarObject>,
  range: Interval,
  options: { studioTimeZone: string; log: Log },
): Interval[] {
  const collector = new BusyCollector(
    { start: range.start.getTime(), end: range.end.getTime() },
    { studioTimeZone: options.studioTimeZone },
  );
  for (const { href, data } of objects) {
    try {
      if (data.length > MAX_OBJECT_CHARS) {
        throw new UnreadableObject(`it is over ${MAX_OBJECT_CHARS} characters`);
      }
      const before = collector.busy.length;
      try {
        busyTimesOf(data, collector);
      } catch (error) {
        // Half an object is not what its owner wrote: none of it counts.
        collector.busy.length = before;
        throw error;
      }
    } catch (error) {
      options.log('warn', 'a calendar event was skipped: it cannot be read', {
        href,
        reason: error instanceof Error ? error.message.slice(0, 200) : String(error),
      });
    }
  }
  return collector.busy.sort((a, b) => a.start.getTime() - b.start.getTime());
}

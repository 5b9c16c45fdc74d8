import ICAL from 'ical.js';
import { Temporal } from 'temporal-polyfill';
import type { Log } from '../../log';
import type { Interval } from '../booking-types';
import { OWN_BOOKING_PROPERTY } from './booking-event';

/** One iCalendar object as the calendar server holds it. */
export type CalendarObject = { href: string; data: string };

/**
 * Larger than any event a person or a calendar app writes once its long texts (a pasted
 * description, an attachment) are left out: an object still this big is not parsed, so one
 * hostile invitation cannot hold the reader.
 */
export const MAX_OBJECT_CHARS = 256 * 1024;

/**
 * Occurrences one object may take to reach the end of the range (a quarter of a second's
 * work). An endless rule is first moved on to the week before the range (a daily meeting
 * since 1998 takes a handful of steps); one that still needs more (every second, say) is not
 * expanded, so the cost of a read stays linear in what is read however endless or dense a
 * rule is.
 */
export const MAX_STEPS_PER_OBJECT = 10_000;

/**
 * Candidate times ical.js's rule iterator may try inside one object that turn out not to be
 * occurrences. Counting occurrences alone misses a rule whose parts never all match
 * (`FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30`, on which ical.js 2.2.1 loops for ever) or match rarely
 * (`FREQ=SECONDLY;BYMONTH=12` from January). The slowest tries (a daily rule's) take some 50 µs,
 * so this is half a second at worst, while a daily rule passes 27 years of days within it and
 * a weekday series over the horizon misses a few dozen.
 */
export const MAX_RULE_STEPS_PER_OBJECT = 10_000;

/** A content line longer than this, other than one that says when, is left out of a large object. */
const LONG_LINE_CHARS = 4096;

/** The properties that say when an event is and whether it blocks time. */
const TIMING_PROPERTY =
  /^(BEGIN|END|UID|DTSTART|DTEND|DURATION|RRULE|RDATE|EXDATE|RECURRENCE-ID|STATUS|TRANSP|TZID|TZOFFSETFROM|TZOFFSETTO)[;:]/i;

/** An event the reader could not read, which it holds as busy where it plainly lies. */
export type UnreadableEvent = { href: string; reason: string };

class UnreadableObject extends Error {}

/**
 * A rule that takes more work than the bound to expand. Its first time (DTSTART is always an
 * occurrence) and what it yielded before the bound are held busy, not the rest of the range: a
 * rule whose parts never match would otherwise close the whole horizon.
 */
class BeyondWorkBound extends UnreadableObject {}

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

/** The date after `date`: an all-day event without an end lasts to its midnight, 23 or 25 hours away on a change. */
function nextDay(date: ICAL.Time): ICAL.Time {
  const next = date.clone();
  next.adjust(1, 0, 0, 0);
  return next;
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
        ? instantOf(nextDay(start), tzid, this.zoned)
        : instantOf(end, tzid, this.zoned);
    if (until > this.range.start && until > from && blocksTime(item)) {
      this.busy.push({ start: new Date(from), end: new Date(until) });
    }
    return true;
  }
}

const WEEK_MS = 7 * 86_400_000;
/** Frequencies whose period divides a week: moving the start by whole weeks keeps the series. */
const WEEK_DIVIDING = new Set(['SECONDLY', 'MINUTELY', 'HOURLY', 'DAILY', 'WEEKLY']);

/**
 * Moves an endless series' start on by whole multiples of (INTERVAL × one week) to just before
 * the range, so it is expanded from there rather than from the year it began: the same weekday,
 * wall time and place in the rule, so the same occurrences (EXDATEs and overrides still match
 * them). A rule with COUNT, several rules, or an UNTIL before the range is left as it is.
 * Answers whether it moved the start.
 */
function moveOnToRange(event: ICAL.Event, rangeStart: number): boolean {
  const rules = event.component.getAllProperties('rrule');
  const rule = rules[0]?.getFirstValue() as ICAL.Recur | undefined;
  if (rules.length !== 1 || rule === undefined || rule.count !== null) return false;
  if (rule.freq === undefined || !WEEK_DIVIDING.has(rule.freq)) return false;
  const target = rangeStart - event.duration.toSeconds() * 1000 - WIDEST_OFFSET_MS - WEEK_MS;
  if (rule.until !== null && wallTimeOf(rule.until) < target) return false;
  const step = (rule.interval ?? 1) * WEEK_MS;
  const steps = Math.floor((target - wallTimeOf(event.startDate)) / step);
  if (steps <= 0) return false;
  const duration = event.duration;
  const start = event.startDate.clone();
  start.adjust(steps * (step / 86_400_000), 0, 0, 0);
  const hasEnd = event.component.hasProperty('dtend');
  event.startDate = start;
  if (hasEnd) {
    const end = start.clone();
    end.addDuration(duration);
    event.endDate = end;
  }
  return true;
}

/**
 * A recurring event's occurrences up to the range's end, RRULE, RDATE and EXDATE applied by
 * ical.js. An occurrence moved by an override (RECURRENCE-ID) is left to that override, which
 * may now fall in another range altogether; a THISANDFUTURE override shifts the ones after it.
 */
function addOccurrences(event: ICAL.Event, collector: BusyCollector, maxRuleSteps: number): void {
  const first = { start: event.startDate.clone(), end: event.endDate.clone() };
  const moved = moveOnToRange(event, collector.range.start);
  const iterator = event.iterator();
  let yielded = 0;
  countRuleSteps(iterator, {
    maxMisses: maxRuleSteps,
    yielded: () => yielded,
    holdFirstTime: () => {
      // Unmoved, the iterator's first answer was the first time, already counted.
      if (moved || yielded === 0) collector.add(event, first.start, first.end);
    },
  });
  // Occurrences that end well before the range are passed over on their wall time alone.
  const passedBefore = collector.range.start - event.duration.toSeconds() * 1000 - WIDEST_OFFSET_MS;
  for (let next = iterator.next(); next !== undefined; next = iterator.next()) {
    yielded += 1;
    if (yielded > MAX_STEPS_PER_OBJECT) {
      throw new UnreadableObject(`its rule takes over ${MAX_STEPS_PER_OBJECT} occurrences`);
    }
    if (wallTimeOf(next) < passedBefore) continue;
    const details = event.getOccurrenceDetails(next);
    const overridden = details.item !== event && details.item.recurrenceId.compare(next) === 0;
    if (overridden) continue;
    if (!collector.add(details.item, details.startDate, details.endDate)) return;
  }
}

/** The rule iterators ical.js 2.2.1 keeps inside an expansion, one per RRULE. */
type RuleIterators = { ruleIterators?: { check_contracting_rules(): boolean }[] };

/**
 * Counts every candidate time the expansion's rule iterators try (each pass of their inner loop
 * checks one) and throws BeyondWorkBound, after `holdFirstTime`, once more than `maxMisses` of
 * them were not occurrences: a dense rule meets MAX_STEPS_PER_OBJECT first, as before. It hooks
 * ical.js's own instances, pinned at 2.2.1; should a later version rename them, the worker's
 * deadline (off-thread-busy-times.ts) still bounds the work.
 */
function countRuleSteps(
  expansion: ICAL.RecurExpansion,
  bound: { maxMisses: number; yielded: () => number; holdFirstTime: () => void },
): void {
  let tried = 0;
  for (const ruleIterator of (expansion as unknown as RuleIterators).ruleIterators ?? []) {
    const check = ruleIterator.check_contracting_rules.bind(ruleIterator);
    ruleIterator.check_contracting_rules = () => {
      tried += 1;
      if (tried - bound.yielded() > bound.maxMisses) {
        bound.holdFirstTime();
        throw new BeyondWorkBound(
          `its rule tries over ${bound.maxMisses} times that are not occurrences`,
        );
      }
      return check();
    };
  }
}

function busyTimesOf(data: string, collector: BusyCollector, maxRuleSteps: number): void {
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
    if (event.isRecurring()) addOccurrences(event, collector, maxRuleSteps);
    else collector.add(event, event.startDate, event.endDate);
  }
}

/** The content lines of an object, folded lines joined (RFC 5545 3.1). */
function unfold(data: string): string[] {
  return data.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
}

/**
 * A large object without its long texts: what says when it is stays, so a 300 KB description
 * does not hide an hour's meeting. Null when it is still too large.
 */
function withoutLongTexts(data: string): string | null {
  const kept = unfold(data).filter(
    (line) => line.length <= LONG_LINE_CHARS || TIMING_PROPERTY.test(line),
  );
  const text = kept.join('\r\n');
  return text.length > MAX_OBJECT_CHARS ? null : text;
}

/** The instant of the first `name` line of an object (DTSTART, DTEND), read alone; null if none. */
function instantOfLine(lines: readonly string[], name: string, zoned: Zoned): number | null {
  const pattern = new RegExp(`^${name}((?:;[^:]*)?):(\\d{8}(?:T\\d{6}Z?)?)$`, 'i');
  for (const line of lines) {
    const match = pattern.exec(line);
    if (match === null) continue;
    const tzid = /;TZID=([^;:]+)/i.exec(match[1] ?? '')?.[1] ?? null;
    try {
      const text = match[2] ?? '';
      const time =
        text.length === 8
          ? ICAL.Time.fromDateString(`${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6)}`)
          : ICAL.Time.fromDateTimeString(
              `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}T${text.slice(9, 11)}:${text.slice(11, 13)}:${text.slice(13)}`,
            );
      return instantOf(time, tzid, zoned);
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The time an object the reader could not expand plainly covers, held busy so nothing is booked
 * over it: from its first start (or the range's, if none can be read) to its end, or to the
 * range's end when it recurs, has no readable end, or none can be told at all.
 */
function plainCover(
  data: string,
  range: { start: number; end: number },
  zoned: Zoned,
): Interval | null {
  const lines = unfold(
    data.length > 4 * MAX_OBJECT_CHARS ? data.slice(0, 4 * MAX_OBJECT_CHARS) : data,
  );
  const start = instantOfLine(lines, 'DTSTART', zoned);
  const recurs = lines.some((line) => /^(RRULE|RDATE)[;:]/i.test(line));
  const end = start === null || recurs ? null : instantOfLine(lines, 'DTEND', zoned);
  const from = Math.max(range.start, start ?? range.start);
  const until = Math.min(range.end, end ?? range.end);
  return until > from ? { start: new Date(from), end: new Date(until) } : null;
}

/** The length of an iCalendar DURATION in seconds; null when it cannot be read. */
function secondsOf(duration: string): number | null {
  try {
    return ICAL.Duration.fromString(duration).toSeconds();
  } catch {
    return null;
  }
}

/**
 * The first time of an object whose expansion was given up (the worker overran its deadline),
 * read from its lines alone: from DTSTART to DTEND, or for its DURATION, or a day for a date;
 * DTSTART is an occurrence of any rule. Null outside the range or when
 * no DTSTART can be read.
 */
export function firstTimeCover(
  data: string,
  range: Interval,
  studioTimeZone: string,
): Interval | null {
  const zoned = { studioTimeZone };
  const lines = unfold(
    data.length > 4 * MAX_OBJECT_CHARS ? data.slice(0, 4 * MAX_OBJECT_CHARS) : data,
  );
  const start = instantOfLine(lines, 'DTSTART', zoned);
  if (start === null) return null;
  const duration = lines.find((line) => /^DURATION:/i.test(line))?.slice('DURATION:'.length);
  const seconds = duration === undefined ? null : secondsOf(duration);
  const isDate = lines.some((line) => /^DTSTART(;[^:]*)?:\d{8}$/i.test(line));
  const end =
    instantOfLine(lines, 'DTEND', zoned) ??
    (seconds === null ? null : start + seconds * 1000) ??
    (isDate ? start + 86_400_000 : start);
  const from = Math.max(range.start.getTime(), start);
  const until = Math.min(range.end.getTime(), end);
  return until > from ? { start: new Date(from), end: new Date(until) } : null;
}

/**
 * The busy times the calendar's objects hold within [from, to), whatever the server did or
 * did not expand. An object that is too large, malformed or endless is not guessed free: the
 * time it plainly covers is held busy (plainCover), or its first time and what was found of
 * it when its rule takes too much work to expand (BeyondWorkBound), and it is named in `unreadable` and a log
 * line so the studio can mend it; the rest of the calendar still counts.
 */
export function busyTimesIn(
  objects: Iterable<CalendarObject>,
  range: Interval,
  options: {
    studioTimeZone: string;
    log: Log;
    /** The bound on a rule's work, MAX_RULE_STEPS_PER_OBJECT unless a test lifts it. */
    maxRuleSteps?: number;
  },
): { busy: Interval[]; unreadable: UnreadableEvent[] } {
  const bounds = { start: range.start.getTime(), end: range.end.getTime() };
  const zoned = { studioTimeZone: options.studioTimeZone };
  const collector = new BusyCollector(bounds, zoned);
  const unreadable: UnreadableEvent[] = [];
  for (const { href, data } of objects) {
    const before = collector.busy.length;
    try {
      const readable = data.length > MAX_OBJECT_CHARS ? withoutLongTexts(data) : data;
      if (readable === null) {
        throw new UnreadableObject(`it is over ${MAX_OBJECT_CHARS} characters`);
      }
      busyTimesOf(readable, collector, options.maxRuleSteps ?? MAX_RULE_STEPS_PER_OBJECT);
    } catch (error) {
      if (!(error instanceof BeyondWorkBound)) {
        // Half an object is not what its owner wrote: what it plainly covers counts instead.
        collector.busy.length = before;
        const cover = plainCover(data, bounds, zoned);
        if (cover !== null) collector.busy.push(cover);
      }
      const reason = error instanceof Error ? error.message.slice(0, 200) : String(error);
      unreadable.push({ href, reason });
      options.log('warn', 'a calendar event cannot be read: its time is held as busy', {
        href,
        reason,
      });
    }
  }
  return { busy: collector.busy.sort((a, b) => a.start.getTime() - b.start.getTime()), unreadable };
}

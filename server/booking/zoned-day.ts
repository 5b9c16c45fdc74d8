import { Temporal } from 'temporal-polyfill';

/**
 * The studio's wall clock against real instants, through the time-zone database (Temporal):
 * never a fixed offset, so a day of 23 or 25 hours and a half-hour zone come out exact. A wall
 * time is a day and the minutes since its midnight; 1440 is the next midnight ("24:00").
 */

function wallTime(day: Temporal.PlainDate, minute: number): Temporal.PlainDateTime {
  return day.toPlainDateTime().add({ minutes: minute });
}

function isShowing(zoned: Temporal.ZonedDateTime, wall: Temporal.PlainDateTime): boolean {
  return Temporal.PlainDateTime.compare(zoned.toPlainDateTime(), wall) === 0;
}

/**
 * Every real instant (epoch ms, ascending) at which the wall clock shows `minute` on `day`:
 * none in the hour the clocks skip, two in the hour they repeat, one otherwise.
 */
export function instantsShowing(
  day: Temporal.PlainDate,
  minute: number,
  timeZone: string,
): number[] {
  const wall = wallTime(day, minute);
  const earlier = wall.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
  const later = wall.toZonedDateTime(timeZone, { disambiguation: 'later' });
  const instants = [earlier, later]
    .filter((zoned) => isShowing(zoned, wall))
    .map((zoned) => zoned.epochMilliseconds);
  return [...new Set(instants)];
}

/**
 * The first instant at which the wall clock reads `minute` on `day` or later: where a range of
 * hours begins or ends. In a skipped hour that is the moment the clocks jump; in a repeated
 * hour, its first pass.
 */
export function firstInstantReaching(
  day: Temporal.PlainDate,
  minute: number,
  timeZone: string,
): number {
  const wall = wallTime(day, minute);
  const earlier = wall.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
  if (isShowing(earlier, wall)) return earlier.epochMilliseconds;
  // Inside a gap, "earlier" lands before the jump by the gap's length: the jump comes next.
  const jump = earlier.getTimeZoneTransition('next');
  if (jump === null) throw new RangeError(`No transition after a gap in ${timeZone}`);
  return jump.epochMilliseconds;
}

/** True when the zone's offset does not change anywhere in (from, to). */
export function keepsOffsetBetween(from: number, to: number, timeZone: string): boolean {
  const next = Temporal.Instant.fromEpochMilliseconds(from)
    .toZonedDateTimeISO(timeZone)
    .getTimeZoneTransition('next');
  return next === null || next.epochMilliseconds >= to;
}

/** The studio's calendar day at an instant. */
export function dayAt(instant: number, timeZone: string): Temporal.PlainDate {
  return Temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(timeZone).toPlainDate();
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day written `YYYY-MM-DD` that exists (no 30 February), or null. */
export function readDay(text: string): Temporal.PlainDate | null {
  if (!ISO_DAY.test(text)) return null;
  try {
    return Temporal.PlainDate.from(text, { overflow: 'reject' });
  } catch {
    return null;
  }
}

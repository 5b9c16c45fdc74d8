import { zoneCityOf } from '../../common/zone-city';

const clockIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });

const dateIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

/** "Tuesday, 1 December 2026, 10:00–10:30 (Europe/London time)". */
export function describeCallTime(start: Date, end: Date, timeZone: string): string {
  const clock = clockIn(timeZone);
  return `${dateIn(timeZone).format(start)}, ${clock.format(start)}–${clock.format(end)} (${timeZone} time)`;
}

/**
 * The call's time with the visitor's beside it: the studio's, then theirs when they are
 * elsewhere ("…, 17:00–17:30 (Europe/London time); 11:00–11:30 your time in Chicago"), with
 * their date too when it is another day there: the visitor's emails, in 24-hour time.
 */
export function describeVisitorCallTime(
  start: Date,
  end: Date,
  studioZone: string,
  visitorZone: string | null,
): string {
  const studio = describeCallTime(start, end, studioZone);
  const theirs = describeElsewhereTime(start, end, studioZone, visitorZone);
  return theirs === null ? studio : `${studio}; ${theirs}`;
}

/**
 * The call's time where the visitor is, when their clock reads otherwise than the studio's
 * ("11:00–11:30 your time in Chicago", with their date when it is another day there); null
 * when it reads the same or their zone is unknown.
 */
function describeElsewhereTime(
  start: Date,
  end: Date,
  studioZone: string,
  visitorZone: string | null,
): string | null {
  if (visitorZone === null || sameWallClock(start, studioZone, visitorZone)) return null;
  const clock = clockIn(visitorZone);
  const theirDate = dateIn(visitorZone).format(start);
  const otherDay = theirDate !== dateIn(studioZone).format(start);
  const times = `${clock.format(start)}–${clock.format(end)}`;
  return `${otherDay ? `${theirDate}, ` : ''}${times} your time in ${zoneCityOf(visitorZone)}`;
}

function sameWallClock(at: Date, one: string, other: string): boolean {
  const full = (timeZone: string) =>
    `${dateIn(timeZone).format(at)} ${clockIn(timeZone).format(at)}`;
  return full(one) === full(other);
}

/** The calendar date of `at` in `timeZone`, as YYYY-MM-DD. */
function dayOf(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

const DAY_MS = 86_400_000;

/**
 * The call's day as the visitor says it at `now`, in their zone: "today at 11:00", "tomorrow
 * at 09:30", else "on Monday, 30 November 2026 at 10:00" — never "tomorrow" for today.
 */
export function describeDayOfCall(start: Date, now: Date, timeZone: string): string {
  const at = `at ${clockIn(timeZone).format(start)}`;
  const daysAhead = Math.round(
    (Date.parse(dayOf(start, timeZone)) - Date.parse(dayOf(now, timeZone))) / DAY_MS,
  );
  if (daysAhead === 0) return `today ${at}`;
  if (daysAhead === 1) return `tomorrow ${at}`;
  return `on ${dateIn(timeZone).format(start)} ${at}`;
}

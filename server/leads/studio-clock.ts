/** A wall-clock reading in one time zone: its calendar day and the minutes since midnight. */
export type WallClock = { day: string; minuteOfDay: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function partsOf(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** What a clock on the studio's wall in `timeZone` shows at `instant`. */
export function readWallClock(instant: Date, timeZone: string): WallClock {
  const parts = partsOf(instant, timeZone);
  const day = `${String(parts.year).padStart(4, '0')}-${String(parts.month).padStart(2, '0')}-${String(parts.day).padStart(2, '0')}`;
  return { day, minuteOfDay: parts.hour * 60 + parts.minute };
}

/** How far `timeZone` is ahead of UTC at `instant`, in milliseconds (whole seconds). */
function offsetAt(instant: Date, timeZone: string): number {
  const parts = partsOf(instant, timeZone);
  const asUtc = Date.UTC(
    parts.year,
    parts.month - 1,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant the wall clock in `timeZone` shows `hour`:00 on `day` (`YYYY-MM-DD`). The offset
 * is read at the first guess and again at the answer, so a day whose offset changes overnight
 * (daylight saving time) gets the offset in force at that hour. An hour the clocks skip is
 * read with the offset after the change (02:30 on a spring-forward night is 03:30).
 */
export function instantOf(day: string, hour: number, timeZone: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, date, hour);
  const first = wall - offsetAt(new Date(wall), timeZone);
  return new Date(wall - offsetAt(new Date(first), timeZone));
}

/** The calendar day after `day`, both `YYYY-MM-DD`. */
export function nextDay(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/** The first instant after `after` at which the wall clock in `timeZone` shows `hour`:00. */
export function nextTimeAt(after: Date, hour: number, timeZone: string): Date {
  const today = readWallClock(after, timeZone).day;
  const todayAt = instantOf(today, hour, timeZone);
  return todayAt.getTime() > after.getTime() ? todayAt : instantOf(nextDay(today), hour, timeZone);
}

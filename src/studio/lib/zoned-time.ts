/** A wall-clock date and time in a named time zone, as the studio's date and time fields hold. */
export type WallTime = { date: string; time: string };

const PARTS = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const;

/** The wall-clock reading of `instant` in `timeZone`, as milliseconds of a UTC date. */
function wallClockOf(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const [year, month, day, hour, minute, second] = PARTS.map((type) =>
    Number(parts.find((part) => part.type === type)?.value),
  ) as [number, number, number, number, number, number];
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The instant at which clocks in `timeZone` show `wall`, or null for a date or time that does
 * not parse. A time skipped by a clock change resolves to the instant an hour later, as
 * calendars do; a repeated one to the first of the two.
 */
export function toInstant(wall: WallTime, timeZone: string): Date | null {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(wall.date);
  const time = /^(\d{2}):(\d{2})$/.exec(wall.time);
  if (date === null || time === null) return null;
  const [, year, month, day] = date.map(Number) as [number, number, number, number];
  const [, hour, minute] = time.map(Number) as [number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (check.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  // The zone's offsets half a day either side cover any clock change near that moment.
  const HALF_DAY = 12 * 60 * 60 * 1000;
  const candidates = [asUtc - HALF_DAY, asUtc + HALF_DAY].map(
    (probe) => asUtc - (wallClockOf(probe, timeZone) - probe),
  );
  const showing = candidates.filter((instant) => wallClockOf(instant, timeZone) === asUtc);
  // None shows it when the clocks skipped it: the offset from before the change, an hour on.
  return new Date(showing.length > 0 ? Math.min(...showing) : candidates[0]!);
}

/** What clocks in `timeZone` show at `instant`, in the fields' own formats. */
export function toWallTime(instant: Date, timeZone: string): WallTime {
  const wall = new Date(wallClockOf(instant.getTime(), timeZone));
  return {
    date: `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`,
    time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`,
  };
}

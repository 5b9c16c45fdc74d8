const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar day (`YYYY-MM-DD`, no time zone) in the reader's locale: `Nov 27, 2026`. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : DAY.format(date);
}

/** Whole days from `iso` to `now`; 0 within the first day. */
export function daysSince(iso: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(iso)) / DAY_MS));
}

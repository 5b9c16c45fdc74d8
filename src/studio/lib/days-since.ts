const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from `iso` to `now`; 0 within the first day. */
export function daysSince(iso: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(iso)) / DAY_MS));
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest range a report covers: a year, leap day included. */
export const MAX_RANGE_DAYS = 366;

/** True for a real calendar day written `YYYY-MM-DD` (2026-02-30 is not one). */
function isDay(value: string): boolean {
  return DAY.test(value) && new Date(`${value}T00:00:00.000Z`).toISOString().startsWith(value);
}

/**
 * `from` and `to` as UTC days, both included; null for a missing or unreal day, a reversed
 * range, or one longer than MAX_RANGE_DAYS.
 */
export function readReportRange(
  from: string | null | undefined,
  to: string | null | undefined,
): { from: string; to: string } | null {
  if (typeof from !== 'string' || typeof to !== 'string' || !isDay(from) || !isDay(to)) return null;
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  return days >= 1 && days <= MAX_RANGE_DAYS ? { from, to } : null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const FIRST_HOUR = 9;
/** The default hours allow 8 calls a day: one an hour, so each is acknowledged while days last. */
const SLOTS_A_DAY = 8;

/**
 * The `index`th hour of the default hours (weekdays 09:00–17:00 in UTC), from two days
 * ahead: past a day's notice, each start once. Refusals (the day's calls already held, past
 * the booking window) are answers too, and are counted as such.
 */
export function nextSlot(index: number): string {
  const day = new Date(Date.now() + 2 * DAY_MS);
  day.setUTCHours(FIRST_HOUR, 0, 0, 0);
  let weekdays = Math.floor(index / SLOTS_A_DAY);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6 || weekdays > 0) {
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) weekdays -= 1;
    day.setTime(day.getTime() + DAY_MS);
  }
  day.setUTCHours(FIRST_HOUR + (index % SLOTS_A_DAY));
  return day.toISOString();
}

import type { ParsedMail } from 'mailparser';

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `hour`:`minute` UTC on the `nth` weekday from two days ahead: a slot by the default hours
 * (weekdays 09:00–17:00 in STUDIO_TIME_ZONE=UTC, 30 minutes, a day's notice, 30 days ahead).
 */
export function weekdayAt(nth: number, hour: number, minute = 0): string {
  const day = new Date(Date.now() + 2 * DAY_MS);
  let found = 0;
  for (;;) {
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) {
      if (found === nth) break;
      found += 1;
    }
    day.setTime(day.getTime() + DAY_MS);
  }
  day.setUTCHours(hour, minute, 0, 0);
  return day.toISOString();
}

/** The manage link's form carries no challenge: the link's secret is its proof. */
export const NO_SOLUTION = { altcha: undefined };

export const plusHalfHour = (start: string) =>
  new Date(Date.parse(start) + 30 * 60_000).toISOString();

let counter = 0;
export function visitor(start: string, overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    start,
    name: 'Ann Lee',
    email: `ann.booking.${Date.now()}.${counter}@example.com`,
    note: 'A new identity for our bakery.',
    ...overrides,
  };
}

/** Matches an email to `address` whose subject matches `subject`. */
export const sentTo = (address: string, subject: RegExp) => (mail: ParsedMail) =>
  mail.to !== undefined &&
  !Array.isArray(mail.to) &&
  mail.to.value.some((entry) => entry.address === address) &&
  subject.test(mail.subject ?? '');

import type { Temporal } from 'temporal-polyfill';
import type { SlotWeek } from '../../common/booking-page';
import { dayAt, readDay } from './zoned-day';

/** How many days one page of free times covers. */
export const DAYS_PER_PAGE = 7;

/**
 * The week a booking page shows: from the day asked for (`?from=`), held within what may be
 * booked (today to the horizon's last day), with the neighbouring weeks that are, so every
 * bookable day is reached by following "later" from today.
 */
export function pickWeek(
  asked: string | null,
  now: Date,
  timeZone: string,
  horizonDays: number,
): { first: Temporal.PlainDate; last: Temporal.PlainDate; week: SlotWeek } {
  const today = dayAt(now.getTime(), timeZone);
  const lastBookable = today.add({ days: horizonDays - 1 });
  const wanted = readDay(asked ?? '') ?? today;
  const first = clamp(wanted, today, lastBookable);
  const weekEnd = first.add({ days: DAYS_PER_PAGE - 1 });
  const last = weekEnd.until(lastBookable).sign < 0 ? lastBookable : weekEnd;
  const earlierDay = clamp(first.subtract({ days: DAYS_PER_PAGE }), today, lastBookable);
  const laterDay = last.add({ days: 1 });
  return {
    first,
    last,
    week: {
      from: first.toString(),
      earlier: first.equals(today) ? null : earlierDay.toString(),
      later: laterDay.until(lastBookable).sign < 0 ? null : laterDay.toString(),
    },
  };
}

function clamp(
  day: Temporal.PlainDate,
  earliest: Temporal.PlainDate,
  latest: Temporal.PlainDate,
): Temporal.PlainDate {
  if (day.until(earliest).sign > 0) return earliest;
  if (day.until(latest).sign < 0) return latest;
  return day;
}

import type { BusyCalendar, Interval } from '../booking-types';

/** How old the busy times behind a list of free slots may be (never those behind a booking). */
export const SLOT_LIST_MAX_AGE_MS = 30_000;

/** Ranges remembered at once: a visitor's few weeks, times the handful of ranges the pages ask for. */
const MAX_RANGES = 64;

type Read = { readAt: number; busy: Promise<Interval[]> };

/**
 * The calendar for the list of free slots: each range is read at most once every `maxAgeMs`,
 * and visitors asking together share one request, so a busy page costs the studio's calendar
 * a request a range every half-minute, not one a visitor. A failed read is not remembered: the
 * next visitor asks again. A booking never uses this: it reads the calendar live.
 */
export function rememberRecentBusyTimes(
  calendar: BusyCalendar,
  options: { maxAgeMs?: number; now?: () => number } = {},
): BusyCalendar {
  const { maxAgeMs = SLOT_LIST_MAX_AGE_MS, now = Date.now } = options;
  const reads = new Map<string, Read>();
  return {
    busyBetween(from, to) {
      const key = `${from.toISOString()}/${to.toISOString()}`;
      const remembered = reads.get(key);
      if (remembered !== undefined && now() - remembered.readAt < maxAgeMs) {
        return remembered.busy;
      }
      const busy = calendar.busyBetween(from, to);
      const read = { readAt: now(), busy };
      reads.delete(key);
      reads.set(key, read);
      // Maps keep their order of insertion: the first key is the longest unread.
      if (reads.size > MAX_RANGES) reads.delete(reads.keys().next().value ?? key);
      busy.catch(() => {
        if (reads.get(key) === read) reads.delete(key);
      });
      return busy;
    },
  };
}

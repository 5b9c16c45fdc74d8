import type { BusyCalendar, Interval } from './booking-types';

/** The busy times of a span, read once and shared while fresh. */
export type SharedCalendarRead = {
  /** The calendar's busy times over `span`: one read serves every caller within its freshness. */
  busyOver(span: Interval): Promise<Interval[]>;
};

/**
 * How long one read of the whole bookable horizon answers every slot list: a few seconds, so an
 * event the owner adds shows within them, while any number of visitors (or a script asking
 * for every range there is) costs the calendar one request per this long. A booking never
 * relies on it: it reads its own slot live.
 */
export const CALENDAR_READ_FRESH_MS = 5_000;

/**
 * Reads the calendar at most once per span and freshness, sharing a read under way with every
 * caller that asks meanwhile (single flight). Only the newest span is kept: the slot lists ask
 * for one span, the horizon, until the day or the hours change. A failed read is not kept.
 */
export function createSharedCalendarRead(deps: {
  calendar: BusyCalendar;
  now: () => number;
  freshMs: number;
}): SharedCalendarRead {
  let kept: { key: string; until: number; busy: Promise<Interval[]> } | null = null;
  return {
    busyOver(span) {
      const key = `${span.start.getTime()}/${span.end.getTime()}`;
      const now = deps.now();
      if (kept !== null && kept.key === key && kept.until > now) return kept.busy;
      const busy = deps.calendar.busyBetween(span.start, span.end);
      // Shared while under way; fresh from the moment it is answered.
      const entry = { key, until: Number.POSITIVE_INFINITY, busy };
      kept = entry;
      busy.then(
        () => {
          entry.until = deps.now() + deps.freshMs;
        },
        () => {
          if (kept === entry) kept = null;
        },
      );
      return busy;
    },
  };
}

import type { Temporal } from 'temporal-polyfill';
import type { Availability, BusyCalendar, Interval } from './booking-types';
import { listFreeSlots, spanOfDays, type SlotRules } from './slot-rules';

/** The free slots of a range of the studio's days, with what a visitor needs to read them. */
export type FreeSlotList = { timeZone: string; lengthMinutes: number; slots: Interval[] };

export type FreeSlots = {
  /** The free slots of the days `from` to `to`, both included; may be up to `cacheMs` old. */
  list(from: Temporal.PlainDate, to: Temporal.PlainDate): Promise<FreeSlotList>;
  /** Drops every list kept: this instance booked a call, or the hours changed. */
  forget(): void;
};

export type FreeSlotsDeps = {
  readAvailability: () => Promise<Availability>;
  /** The calls booked in [from, to) (spanOfDays leaves a call's length before), cancelled ones left out. */
  bookedBetween: (from: Date, to: Date) => Promise<Interval[]>;
  /** The studio's calendar; undefined when none is connected (CALDAV_URL unset). */
  calendar: BusyCalendar | undefined;
  timeZone: string;
  now: () => number;
  /** How long a list is kept (docs/decisions/0068-time-zones-and-slot-rules.md). */
  cacheMs: number;
};

/** How long a list is kept: a taken slot may show this long, never be booked twice. */
export const FREE_SLOTS_KEPT_MS = 30_000;

/** Ranges are chosen by visitors: only this many lists are kept, the oldest dropped first. */
const LISTS_KEPT = 64;

/**
 * The slots the visitor's page and `GET /api/booking/slots` show. A list is kept briefly per
 * range and shared by the requests that ask for it meanwhile, so a burst of visitors reads the
 * calendar once; a failed read is not kept. Booking never trusts it: the booking re-checks live.
 */
export function createFreeSlots(deps: FreeSlotsDeps): FreeSlots {
  const kept = new Map<string, { until: number; list: Promise<FreeSlotList> }>();

  async function compute(
    from: Temporal.PlainDate,
    to: Temporal.PlainDate,
    now: number,
  ): Promise<FreeSlotList> {
    const availability = await deps.readAvailability();
    const rules: SlotRules = { availability, timeZone: deps.timeZone };
    const span = spanOfDays(rules, from, to);
    const [busy, booked] = await Promise.all([
      deps.calendar?.busyBetween(span.start, span.end) ?? [],
      deps.bookedBetween(span.start, span.end),
    ]);
    return {
      timeZone: deps.timeZone,
      lengthMinutes: availability.lengthMinutes,
      slots: listFreeSlots(rules, { now: new Date(now), busy, booked }, from, to),
    };
  }

  return {
    list(from, to) {
      const now = deps.now();
      const key = `${from.toString()}/${to.toString()}`;
      const hit = kept.get(key);
      if (hit !== undefined && hit.until > now) return hit.list;
      kept.delete(key);
      const list = compute(from, to, now);
      kept.set(key, { until: now + deps.cacheMs, list });
      list.catch(() => {
        if (kept.get(key)?.list === list) kept.delete(key);
      });
      for (const oldest of kept.keys()) {
        if (kept.size <= LISTS_KEPT) break;
        kept.delete(oldest);
      }
      return list;
    },
    forget() {
      kept.clear();
    },
  };
}

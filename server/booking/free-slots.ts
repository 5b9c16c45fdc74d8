import { Temporal } from 'temporal-polyfill';
import type { Availability, BusyCalendar, Interval } from './booking-types';
import { createSharedCalendarRead } from './shared-calendar-read';
import { bookableDays, listFreeSlots, spanOfDays, type SlotRules } from './slot-rules';

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
  /** How long one read of the horizon's busy times serves every list (shared-calendar-read.ts). */
  calendarFreshMs: number;
};

/**
 * How long a list is kept: a taken slot may show this long, never be booked twice. As long as
 * one calendar read is fresh, so an event the owner adds shows within twice this.
 */
export const FREE_SLOTS_KEPT_MS = 5_000;

/** Ranges are chosen by visitors: only this many lists are kept, the oldest dropped first. */
const LISTS_KEPT = 64;

const laterOf = (a: Temporal.PlainDate, b: Temporal.PlainDate) =>
  Temporal.PlainDate.compare(a, b) >= 0 ? a : b;
const earlierOf = (a: Temporal.PlainDate, b: Temporal.PlainDate) =>
  Temporal.PlainDate.compare(a, b) <= 0 ? a : b;

/**
 * The slots the visitor's page and `GET /api/booking/slots` show. Only the bookable days of a
 * range are looked at: a range before today or beyond the horizon is answered from the rules
 * alone, reading nothing. The calendar is read for the whole horizon at once, and that read
 * serves every range for a few seconds (shared-calendar-read.ts), so what a visitor (or a
 * script) asks never multiplies the studio's calendar requests. A list is also kept briefly
 * per range; a failed read is not kept. Booking never trusts it: the booking re-checks live.
 */
export function createFreeSlots(deps: FreeSlotsDeps): FreeSlots {
  const kept = new Map<string, { until: number; list: Promise<FreeSlotList> }>();
  const calendar =
    deps.calendar === undefined
      ? null
      : createSharedCalendarRead({
          calendar: deps.calendar,
          now: deps.now,
          freshMs: deps.calendarFreshMs,
        });

  async function compute(
    rules: SlotRules,
    days: { from: Temporal.PlainDate; to: Temporal.PlainDate },
    horizon: Interval,
    now: number,
  ): Promise<FreeSlotList> {
    const span = spanOfDays(rules, days.from, days.to);
    const [busy, booked] = await Promise.all([
      calendar?.busyOver(horizon) ?? [],
      deps.bookedBetween(span.start, span.end),
    ]);
    return {
      timeZone: deps.timeZone,
      lengthMinutes: rules.availability.lengthMinutes,
      slots: listFreeSlots(rules, { now: new Date(now), busy, booked }, days.from, days.to),
    };
  }

  return {
    async list(from, to) {
      const now = deps.now();
      const rules: SlotRules = {
        availability: await deps.readAvailability(),
        timeZone: deps.timeZone,
      };
      const bookable = bookableDays(rules, new Date(now));
      const days = { from: laterOf(from, bookable.first), to: earlierOf(to, bookable.last) };
      if (Temporal.PlainDate.compare(days.from, days.to) > 0) {
        return {
          timeZone: deps.timeZone,
          lengthMinutes: rules.availability.lengthMinutes,
          slots: [],
        };
      }
      const key = `${days.from.toString()}/${days.to.toString()}`;
      const hit = kept.get(key);
      if (hit !== undefined && hit.until > now) return hit.list;
      kept.delete(key);
      const horizon = spanOfDays(rules, bookable.first, bookable.last);
      const list = compute(rules, days, horizon, now);
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

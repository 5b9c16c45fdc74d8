import type { Temporal } from 'temporal-polyfill';
import type { Context } from 'hono';
import { CalendarUnavailableError } from '../booking/booking-types';
import type { FreeSlots } from '../booking/free-slots';
import { readDay } from '../booking/zoned-day';
import type { JsonResponder } from '../http/api-responses';
import type { Taken } from '../limits/attempt-limiter';
import type { Log } from '../log';
import type { HeaderRecord } from '../security-headers';

export const BOOKING_SLOTS_PATH = '/api/booking/slots';

/**
 * Slot lists one client may ask for per rate-limit window, for each form post it may make: a
 * visitor looks at several weeks before booking one call.
 */
export const SLOT_LISTS_PER_FORM_POST = 6;

/** A visitor looks two months ahead at most in one request. */
export const SLOT_RANGE_MAX_DAYS = 62;

type DayRange = { from: Temporal.PlainDate; to: Temporal.PlainDate };

/** `from` and `to`, each given once, real days, in order, at most SLOT_RANGE_MAX_DAYS apart. */
function readDayRange(params: URLSearchParams): DayRange | null {
  const [fromText, ...moreFrom] = params.getAll('from');
  const [toText, ...moreTo] = params.getAll('to');
  if (fromText === undefined || toText === undefined || moreFrom.length + moreTo.length > 0) {
    return null;
  }
  const from = readDay(fromText);
  const to = readDay(toText);
  if (from === null || to === null) return null;
  const days = from.until(to, { largestUnit: 'days' }).days + 1;
  return days >= 1 && days <= SLOT_RANGE_MAX_DAYS ? { from, to } : null;
}

/**
 * GET /api/booking/slots?from=YYYY-MM-DD&to=YYYY-MM-DD: the free slots of those days of the
 * studio's zone, as UTC instants. Public, and limited per client like the forms; a list may be a
 * few seconds old (free-slots.ts). While the calendar cannot be read it answers 503 rather than
 * offer a time that may be busy.
 */
export function createBookingSlotsHandler(deps: {
  freeSlots: FreeSlots;
  /** Takes one list from the client's budget (SLOT_LISTS_PER_FORM_POST). */
  limitLists: (c: Context) => Promise<Taken>;
  respond: JsonResponder;
  securityHeaders: HeaderRecord;
  log: Log;
}): (c: Context) => Promise<Response> {
  const headers: HeaderRecord = {
    ...deps.securityHeaders,
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  };
  return async (c) => {
    const taken = await deps.limitLists(c);
    if (!taken.allowed) {
      return deps.respond(
        429,
        { success: false, error: 'rate_limited' },
        { 'retry-after': String(taken.retryAfterSeconds) },
      );
    }
    const range = readDayRange(new URL(c.req.url).searchParams);
    if (range === null) return deps.respond(400, { success: false, error: 'invalid_range' });
    try {
      const { timeZone, lengthMinutes, slots } = await deps.freeSlots.list(range.from, range.to);
      const body = {
        timeZone,
        lengthMinutes,
        slots: slots.map(({ start, end }) => ({
          start: start.toISOString(),
          end: end.toISOString(),
        })),
      };
      return new Response(JSON.stringify(body), { status: 200, headers });
    } catch (error) {
      if (!(error instanceof CalendarUnavailableError)) throw error;
      deps.log('warn', 'calendar unavailable', { path: c.req.path, error: error.message });
      return deps.respond(
        503,
        { success: false, error: 'calendar_unavailable' },
        { 'retry-after': '60' },
      );
    }
  };
}

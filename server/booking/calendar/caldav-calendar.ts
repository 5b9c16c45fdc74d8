import { calendarQuery } from 'tsdav';
import type { Log } from '../../log';
import type { BusyCalendar, Interval } from '../booking-types';
import type { CalendarObject } from './busy-times';
import { unavailable, type CaldavConnection } from './caldav-connection';
import { createCalendarReplyFetch, NotCalendarData } from './caldav-reply';
import type { CalendarHealth } from './calendar-trouble';
import { createBusyTimesReader } from './off-thread-busy-times';

/**
 * How far the server is asked beyond the range: a server reads floating times and all-day
 * events in a zone of its own choosing, up to a day off the studio's, and would leave out an
 * event at the range's edge. What it answers is cut to the range here.
 */
const SERVER_ZONE_MARGIN_MS = 26 * 3_600_000;

/** iCalendar's UTC form of an instant, as a CalDAV time-range filter takes it. */
function icalUtc(instant: Date): string {
  return `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** The calendar-data a server answers, plain text or wrapped as CDATA. */
function calendarDataOf(props: Record<string, unknown> | undefined): string | null {
  const data: unknown = props?.calendarData;
  if (typeof data === 'string') return data;
  if (typeof data === 'object' && data !== null) {
    const wrapped =
      (data as { _cdata?: unknown; _text?: unknown })._cdata ?? (data as { _text?: unknown })._text;
    if (typeof wrapped === 'string') return wrapped;
  }
  return null;
}

type DavResponse = Awaited<ReturnType<typeof calendarQuery>>[number];

/** The HTTP status in a `DAV:status` line, e.g. `HTTP/1.1 403 Forbidden`. */
function statusOf(line: unknown): string | null {
  return typeof line === 'string' ? (/\s(\d{3})\s?/.exec(line)?.[1] ?? null) : null;
}

/** Why an answered object carries no calendar data: the status the server gave it. */
function whyNoData(response: DavResponse): string {
  const raw = response.raw as { multistatus?: { response?: unknown } } | undefined;
  const entries = raw?.multistatus?.response;
  const entry = (Array.isArray(entries) ? entries : [entries]).find(
    (candidate) => (candidate as { href?: unknown } | undefined)?.href === response.href,
  ) as { propstat?: unknown } | undefined;
  const propstats = Array.isArray(entry?.propstat) ? entry.propstat : [entry?.propstat];
  const refused = propstats
    .map((propstat) => statusOf((propstat as { status?: unknown } | undefined)?.status))
    .find((status) => status !== null && !status.startsWith('2'));
  const status = refused ?? (response.ok ? null : String(response.status));
  return status === null
    ? 'it came without its calendar data'
    : `the server answered ${status} for it`;
}

/**
 * The objects of a calendar-query answer. Every answered object must carry its calendar data:
 * one the server refused (a 403 for each object, say) would otherwise read as free time, so it
 * makes the whole answer unreadable. An answer that is not a multistatus at all is too; an
 * empty multistatus is an empty calendar.
 */
function objectsOf(responses: readonly DavResponse[]): CalendarObject[] {
  const objects: CalendarObject[] = [];
  for (const response of responses) {
    if (response.href === undefined) {
      const raw = response.raw as { multistatus?: unknown } | undefined;
      if (typeof raw === 'object' && raw !== null && 'multistatus' in raw) continue;
      throw new NotCalendarData('its answer is not a readable multistatus');
    }
    const data = calendarDataOf(response.props);
    if (data === null) {
      throw new NotCalendarData(
        `the event ${response.href} cannot be read: ${whyNoData(response)}`,
      );
    }
    objects.push({ href: response.href, data });
  }
  return objects;
}

/**
 * The studio's CalDAV calendar as a BusyCalendar. Each read is one calendar-query REPORT
 * with a time-range filter, live; the objects it answers are expanded here (busy-times.ts, on a
 * worker thread with a deadline per object: off-thread-busy-times.ts) rather than trusting each
 * server's own expansion, which not every server does alike.
 */
export function createCaldavCalendar(options: {
  connection: CaldavConnection;
  /** Floating times and all-day events are read in the studio's zone. */
  studioTimeZone: string;
  log: Log;
  /** Told each read's outcome, for /readyz. */
  health?: CalendarHealth;
}): BusyCalendar & { stop(): Promise<void> } {
  const { connection, studioTimeZone, log, health } = options;
  const replyFetch = createCalendarReplyFetch();
  const reader = createBusyTimesReader({ log });
  return {
    async busyBetween(from: Date, to: Date): Promise<Interval[]> {
      let objects: CalendarObject[];
      try {
        const responses = await calendarQuery({
          url: connection.collectionUrl,
          props: { 'd:getetag': {}, 'c:calendar-data': {} },
          filters: {
            'comp-filter': {
              _attributes: { name: 'VCALENDAR' },
              'comp-filter': {
                _attributes: { name: 'VEVENT' },
                'time-range': {
                  _attributes: {
                    start: icalUtc(new Date(from.getTime() - SERVER_ZONE_MARGIN_MS)),
                    end: icalUtc(new Date(to.getTime() + SERVER_ZONE_MARGIN_MS)),
                  },
                },
              },
            },
          },
          depth: '1',
          headers: connection.headers,
          fetchOptions: { signal: AbortSignal.timeout(connection.timeoutMs) },
          fetch: replyFetch,
        });
        objects = objectsOf(responses);
      } catch (error) {
        const refusal = unavailable(error, connection.timeoutMs);
        health?.failed(refusal.reason);
        throw refusal;
      }
      let expanded: Awaited<ReturnType<typeof reader.busyTimesIn>>;
      try {
        expanded = await reader.busyTimesIn(objects, { start: from, end: to }, studioTimeZone);
      } catch (error) {
        // Only a worker that cannot start lands here: nothing is guessed free.
        const refusal = unavailable(error, connection.timeoutMs);
        health?.failed(refusal.reason);
        throw refusal;
      }
      const { busy, unreadable } = expanded;
      health?.read(unreadable.map(({ href, reason }) => `${href} (${reason})`));
      return busy;
    },
    /** Ends the thread that expands the calendar's rules. */
    stop: () => reader.close(),
  };
}

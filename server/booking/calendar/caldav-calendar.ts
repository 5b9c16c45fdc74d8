import { calendarQuery } from 'tsdav';
import type { Log } from '../../log';
import type { BusyCalendar, Interval } from '../booking-types';
import { busyTimesIn, type CalendarObject } from './busy-times';
import { unavailable, type CaldavConnection } from './caldav-connection';

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

/**
 * The studio's CalDAV calendar as a BusyCalendar. Each read is one calendar-query REPORT
 * with a time-range filter, live; the objects it answers are expanded here (busy-times.ts)
 * rather than trusting each server's own expansion, which not every server does alike.
 */
export function createCaldavCalendar(options: {
  connection: CaldavConnection;
  /** Floating times and all-day events are read in the studio's zone. */
  studioTimeZone: string;
  log: Log;
}): BusyCalendar {
  const { connection, studioTimeZone, log } = options;
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
        });
        objects = responses.flatMap((response) => {
          const data = calendarDataOf(response.props);
          return data === null ? [] : [{ href: response.href ?? '', data }];
        });
      } catch (error) {
        throw unavailable(error, connection.timeoutMs);
      }
      return busyTimesIn(objects, { start: from, end: to }, { studioTimeZone, log });
    },
  };
}

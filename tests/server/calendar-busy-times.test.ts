import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CalendarUnavailableError } from '../../server/booking/booking-types';
import { MAX_OBJECT_CHARS } from '../../server/booking/calendar/busy-times';
import { createCaldavCalendar } from '../../server/booking/calendar/caldav-calendar';
import { connectionFor } from '../../server/booking/calendar/caldav-connection';
import { calendarObject, LONDON_VTIMEZONE, vevent } from '../support/calendar-objects';
import { findFreePort, listenOnLoopback } from '../support/listen-on-loopback';
import { hasRadicale, startRadicale, type Radicale } from '../support/radicale';

function calendarAt(caldavUrl: string, timeoutMs?: number, studioTimeZone = 'Europe/London') {
  const log = vi.fn();
  return {
    calendar: createCaldavCalendar({
      connection: connectionFor(caldavUrl, timeoutMs),
      studioTimeZone,
      log,
    }),
    log,
  };
}

async function busyIn(caldavUrl: string, from: string, to: string) {
  const { calendar } = calendarAt(caldavUrl);
  const busy = await calendar.busyBetween(new Date(from), new Date(to));
  return busy.map(({ start, end }) => [start.toISOString(), end.toISOString()]);
}

describe.runIf(hasRadicale())("busy times read live from the studio's CalDAV calendar", () => {
  let radicale: Radicale;
  beforeAll(async () => {
    radicale = await startRadicale();
  });
  afterAll(async () => {
    await radicale?.stop();
  });

  it('reads one-off, floating, all-day, free and cancelled events as a phone put them there', async () => {
    const url = await radicale.createCalendar('one-off');
    await radicale.put(
      url,
      'dentist',
      calendarObject(
        LONDON_VTIMEZONE,
        vevent(
          'dentist',
          'DTSTART;TZID=Europe/London:20261103T140000',
          'DTEND;TZID=Europe/London:20261103T150000',
        ),
      ),
    );
    await radicale.put(
      url,
      'utc',
      calendarObject(vevent('utc', 'DTSTART:20261104T100000Z', 'DURATION:PT45M')),
    );
    await radicale.put(
      url,
      'away',
      calendarObject(vevent('away', 'DTSTART;VALUE=DATE:20260810', 'DTEND;VALUE=DATE:20260811')),
    );
    await radicale.put(
      url,
      'free',
      calendarObject(
        vevent('free', 'DTSTART:20261105T100000Z', 'DURATION:PT1H', 'TRANSP:TRANSPARENT'),
      ),
    );
    await radicale.put(
      url,
      'called-off',
      calendarObject(
        vevent('called-off', 'DTSTART:20261105T120000Z', 'DURATION:PT1H', 'STATUS:CANCELLED'),
      ),
    );

    // No zone at all: 09:00 on the studio's clock, in summer time there.
    await radicale.put(
      url,
      'floating',
      calendarObject(vevent('floating', 'DTSTART:20260812T090000', 'DTEND:20260812T100000')),
    );

    expect(await busyIn(url, '2026-08-01T00:00:00Z', '2026-12-01T00:00:00Z')).toEqual([
      // The whole of 10 August in London, in summer time.
      ['2026-08-09T23:00:00.000Z', '2026-08-10T23:00:00.000Z'],
      ['2026-08-12T08:00:00.000Z', '2026-08-12T09:00:00.000Z'],
      ['2026-11-03T14:00:00.000Z', '2026-11-03T15:00:00.000Z'],
      ['2026-11-04T10:00:00.000Z', '2026-11-04T10:45:00.000Z'],
    ]);
    expect(await busyIn(url, '2026-11-04T10:45:00Z', '2026-11-05T00:00:00Z')).toEqual([]);
  });

  it("finds a floating event by the studio's clock, however far the server's guess is from it", async () => {
    const url = await radicale.createCalendar('far-zone');
    // 10:00 on Kiritimati (UTC+14) is 20:00 UTC the day before; read as UTC it is 14 hours on.
    await radicale.put(
      url,
      'morning',
      calendarObject(vevent('morning', 'DTSTART:20261110T100000', 'DURATION:PT1H')),
    );
    const { calendar } = calendarAt(url, undefined, 'Pacific/Kiritimati');
    const busy = await calendar.busyBetween(
      new Date('2026-11-09T19:00:00Z'),
      new Date('2026-11-09T22:00:00Z'),
    );
    expect(busy).toEqual([
      { start: new Date('2026-11-09T20:00:00Z'), end: new Date('2026-11-09T21:00:00Z') },
    ]);
  });

  it('keeps a weekly 09:00 London event at 09:00 local across the October change', async () => {
    const url = await radicale.createCalendar('weekly');
    await radicale.put(
      url,
      'standup',
      calendarObject(
        LONDON_VTIMEZONE,
        vevent(
          'standup',
          'DTSTART;TZID=Europe/London:20260916T090000',
          'DTEND;TZID=Europe/London:20260916T093000',
          'RRULE:FREQ=WEEKLY;BYDAY=WE',
        ),
      ),
    );
    expect(await busyIn(url, '2026-10-19T00:00:00Z', '2026-11-02T00:00:00Z')).toEqual([
      ['2026-10-21T08:00:00.000Z', '2026-10-21T08:30:00.000Z'],
      ['2026-10-28T09:00:00.000Z', '2026-10-28T09:30:00.000Z'],
    ]);
  });

  it('expands a series with EXDATE and RDATE, a moved and a cancelled occurrence', async () => {
    const url = await radicale.createCalendar('series');
    await radicale.put(
      url,
      'review',
      calendarObject(
        LONDON_VTIMEZONE,
        vevent(
          'review',
          'DTSTART;TZID=Europe/London:20261102T100000',
          'DTEND;TZID=Europe/London:20261102T110000',
          'RRULE:FREQ=DAILY;UNTIL=20261106T235959Z',
          'EXDATE;TZID=Europe/London:20261103T100000',
          'RDATE;TZID=Europe/London:20261109T100000',
        ),
        // Wednesday's review moved to the afternoon; Thursday's called off.
        vevent(
          'review',
          'RECURRENCE-ID;TZID=Europe/London:20261104T100000',
          'DTSTART;TZID=Europe/London:20261104T150000',
          'DTEND;TZID=Europe/London:20261104T160000',
        ),
        vevent(
          'review',
          'RECURRENCE-ID;TZID=Europe/London:20261105T100000',
          'DTSTART;TZID=Europe/London:20261105T100000',
          'DTEND;TZID=Europe/London:20261105T110000',
          'STATUS:CANCELLED',
        ),
      ),
    );
    expect(await busyIn(url, '2026-11-01T00:00:00Z', '2026-11-15T00:00:00Z')).toEqual([
      ['2026-11-02T10:00:00.000Z', '2026-11-02T11:00:00.000Z'],
      ['2026-11-04T15:00:00.000Z', '2026-11-04T16:00:00.000Z'],
      ['2026-11-06T10:00:00.000Z', '2026-11-06T11:00:00.000Z'],
      ['2026-11-09T10:00:00.000Z', '2026-11-09T11:00:00.000Z'],
    ]);
  });

  it('sees an event the moment it is added: nothing is remembered between reads', async () => {
    const url = await radicale.createCalendar('live');
    const range = ['2026-11-10T00:00:00Z', '2026-11-11T00:00:00Z'] as const;
    expect(await busyIn(url, ...range)).toEqual([]);
    await radicale.put(
      url,
      'just-added',
      calendarObject(vevent('just-added', 'DTSTART:20261110T090000Z', 'DURATION:PT1H')),
    );
    expect(await busyIn(url, ...range)).toEqual([
      ['2026-11-10T09:00:00.000Z', '2026-11-10T10:00:00.000Z'],
    ]);
  });

  it('holds busy a 300 KB event, a daily meeting since 1998 and an event it cannot read at all', async () => {
    const url = await radicale.createCalendar('hostile');
    await radicale.put(
      url,
      'huge',
      calendarObject(
        vevent(
          'huge',
          'DTSTART:20261103T120000Z',
          'DURATION:PT1H',
          `DESCRIPTION:${'x'.repeat(MAX_OBJECT_CHARS + 44 * 1024)}`,
        ),
      ),
    );
    await radicale.put(
      url,
      'stand-up',
      calendarObject(
        vevent('stand-up', 'DTSTART:19980105T090000Z', 'DURATION:PT15M', 'RRULE:FREQ=DAILY'),
      ),
    );
    const padding = Array.from({ length: 30_000 }, (_, index) => `X-PAD-${index}:padding`);
    await radicale.put(
      url,
      'padded',
      calendarObject(
        vevent('padded', 'DTSTART:20261104T140000Z', 'DTEND:20261104T150000Z', ...padding),
      ),
    );
    const { calendar, log } = calendarAt(url);
    const busy = await calendar.busyBetween(
      new Date('2026-11-03T00:00:00Z'),
      new Date('2026-11-05T00:00:00Z'),
    );
    expect(busy.map(({ start, end }) => [start.toISOString(), end.toISOString()])).toEqual([
      ['2026-11-03T09:00:00.000Z', '2026-11-03T09:15:00.000Z'],
      ['2026-11-03T12:00:00.000Z', '2026-11-03T13:00:00.000Z'],
      ['2026-11-04T09:00:00.000Z', '2026-11-04T09:15:00.000Z'],
      ['2026-11-04T14:00:00.000Z', '2026-11-04T15:00:00.000Z'],
    ]);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith(
      'warn',
      'a calendar event cannot be read: its time is held as busy',
      expect.objectContaining({ href: expect.stringContaining('padded.ics') as unknown }),
    );
  });

  it('says the calendar is unavailable for a wrong password, naming no password', async () => {
    const url = await radicale.createCalendar('refused');
    const wrong = url.replace(`:${radicale.password}@`, ':not-the-password@');
    const read = calendarAt(wrong).calendar.busyBetween(
      new Date('2026-11-01T00:00:00Z'),
      new Date('2026-11-02T00:00:00Z'),
    );
    await expect(read).rejects.toThrow(CalendarUnavailableError);
    await expect(read).rejects.toThrow(/401/);
    await expect(read).rejects.not.toThrow(/not-the-password/);
  });
});

describe('a calendar that cannot be reached', () => {
  const range = [new Date('2026-11-01T00:00:00Z'), new Date('2026-11-02T00:00:00Z')] as const;

  it('is unavailable when nothing listens', async () => {
    const port = await findFreePort();
    const read = calendarAt(`http://u:p@127.0.0.1:${port}/u/cal/`).calendar.busyBetween(...range);
    await expect(read).rejects.toThrow(CalendarUnavailableError);
  });

  it('is unavailable within its timeout when the server never answers', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    const port = await listenOnLoopback(silent);
    try {
      const began = Date.now();
      const read = calendarAt(`http://u:p@127.0.0.1:${port}/u/cal/`, 300).calendar.busyBetween(
        ...range,
      );
      await expect(read).rejects.toThrow(/no answer within 300 ms/);
      expect(Date.now() - began).toBeLessThan(5000);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});

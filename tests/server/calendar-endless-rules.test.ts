import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from './helpers/backends';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import { calendarObject, vevent } from '../support/calendar-objects';
import { startRawCaldavServer, type RawCaldavServer } from '../support/raw-caldav-server';

/** Thursday noon in the studio's zone (UTC); the default horizon runs to 25 December. */
const STARTED_AT = Date.parse('2026-11-26T12:00:00.000Z');
const SQLITE: Backend = { name: 'sqlite', databaseUrl: undefined };
const TOKEN = 'scrape-token-0123456789abcdef';

type SlotList = { slots: { start: string; end: string }[] };

/** The times of day (UTC, HH:MM) offered on one day of a slot list. */
function timesOn(list: SlotList, day: string): string[] {
  return list.slots
    .filter(({ start }) => start.startsWith(day))
    .map(({ start }) => start.slice(11, 16));
}

/** Every half hour from 09:00 to 16:30: a free weekday by the default hours. */
const WHOLE_DAY = Array.from({ length: 16 }, (_, index) => {
  const minutes = 9 * 60 + index * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 === 0 ? '00' : '30'}`;
});

describe('a calendar holding rules that never end or end too slowly, on a server that does not expand them', () => {
  let calendar: RawCaldavServer;
  let app: TestApp;

  beforeAll(async () => {
    calendar = await startRawCaldavServer();
    // Monday's 10:00 meeting "every 30 February": ical.js 2.2.1 looks for a second one for ever.
    calendar.put(
      'impossible',
      calendarObject(
        vevent(
          'impossible',
          'DTSTART:20261130T100000Z',
          'DTEND:20261130T110000Z',
          'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
        ),
      ),
    );
    // Every second of June from January: it ends, but only after months of seconds.
    calendar.put(
      'slow',
      calendarObject(
        vevent(
          'slow',
          'DTSTART:20260105T100000Z',
          'DURATION:PT1S',
          'RRULE:FREQ=SECONDLY;BYMONTH=6',
        ),
      ),
    );
    calendar.put(
      'dentist',
      calendarObject(vevent('dentist', 'DTSTART:20261201T140000Z', 'DTEND:20261201T150000Z')),
    );
    const runningSince = Date.now();
    app = await startTestApp(
      SQLITE,
      { CALDAV_URL: calendar.calendarUrl, METRICS_TOKEN: TOKEN },
      { now: () => STARTED_AT + (Date.now() - runningSince) },
    );
  });
  afterAll(async () => {
    await app?.close();
    await calendar?.close();
  });

  it('lists the slots, holding the impossible event at its first time and the dentist, while /healthz answers throughout', async () => {
    const reportsBefore = calendar.reportsAnswered();
    let isListing = true;
    const slotsAnswer = fetch(`${app.url}/api/booking/slots?from=2026-11-30&to=2026-12-02`).finally(
      () => {
        isListing = false;
      },
    );
    const healthDuringRead: number[] = [];
    const healthStatuses: number[] = [];
    while (isListing) {
      const health = await fetch(`${app.url}/healthz`);
      await health.arrayBuffer();
      healthStatuses.push(health.status);
      // Answered after the calendar had answered and before the slots were: while it was expanded.
      if (isListing && calendar.reportsAnswered() > reportsBefore) {
        healthDuringRead.push(health.status);
      }
    }
    const response = await slotsAnswer;
    expect(response.status).toBe(200);
    const list = (await response.json()) as SlotList;

    expect(healthStatuses.every((status) => status === 200)).toBe(true);
    expect(healthDuringRead.length).toBeGreaterThan(0);

    // Monday: the impossible event's one real time, 10:00–11:00, is held.
    expect(timesOn(list, '2026-11-30')).toEqual(
      WHOLE_DAY.filter((time) => time !== '10:00' && time !== '10:30'),
    );
    // Tuesday: the dentist is held; the impossible rule's 10:00 is not a time it has.
    expect(timesOn(list, '2026-12-01')).toEqual(
      WHOLE_DAY.filter((time) => time !== '14:00' && time !== '14:30'),
    );
    // Wednesday: all of it, the slow rule's June far away.
    expect(timesOn(list, '2026-12-02')).toEqual(WHOLE_DAY);
  });

  it('tells the studio which events it cannot read', async () => {
    await fetch(`${app.url}/api/booking/slots?from=2026-12-03&to=2026-12-03`);
    await expect
      .poll(async () => {
        const ready = await fetch(`${app.url}/readyz`, {
          headers: { authorization: `Bearer ${TOKEN}` },
        });
        return ((await ready.json()) as { status: string; reason?: string }).reason ?? '';
      })
      .toMatch(
        /cannot read, treated as busy: .*impossible\.ics.*slow\.ics|slow\.ics.*impossible\.ics/,
      );
  });
});

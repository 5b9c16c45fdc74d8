import { afterEach, describe, expect, it, vi } from 'vitest';
import { calendarObject, vevent } from '../../../tests/support/calendar-objects';
import { createBusyTimesReader, type BusyTimesReader } from './off-thread-busy-times';

const NOVEMBER = { start: new Date('2026-11-01T00:00:00Z'), end: new Date('2026-12-01T00:00:00Z') };

const IMPOSSIBLE = calendarObject(
  vevent(
    'impossible',
    'DTSTART:20261105T100000Z',
    'DTEND:20261105T110000Z',
    'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
  ),
);
const CALL = calendarObject(vevent('call', 'DTSTART:20261110T140000Z', 'DTEND:20261110T150000Z'));
const WEEKLY = calendarObject(
  vevent('standup', 'DTSTART:20261102T090000Z', 'DURATION:PT15M', 'RRULE:FREQ=WEEKLY;COUNT=3'),
);

const objects = (...data: string[]) =>
  data.map((text, index) => ({ href: `/cal/${index}.ics`, data: text }));

function isoOf(busy: { start: Date; end: Date }[]) {
  return busy.map(({ start, end }) => [start.toISOString(), end.toISOString()]);
}

describe('calendar objects expanded off the server thread', () => {
  let reader: BusyTimesReader | undefined;
  afterEach(async () => {
    await reader?.close();
  });

  it('answers what the rules hold, a rule that never matches named and held at its first time', async () => {
    const log = vi.fn();
    reader = createBusyTimesReader({ log });
    const { busy, unreadable } = await reader.busyTimesIn(
      objects(WEEKLY, IMPOSSIBLE, CALL),
      NOVEMBER,
      'Europe/London',
    );
    expect(isoOf(busy)).toEqual([
      ['2026-11-02T09:00:00.000Z', '2026-11-02T09:15:00.000Z'],
      ['2026-11-05T10:00:00.000Z', '2026-11-05T11:00:00.000Z'],
      ['2026-11-09T09:00:00.000Z', '2026-11-09T09:15:00.000Z'],
      ['2026-11-10T14:00:00.000Z', '2026-11-10T15:00:00.000Z'],
      ['2026-11-16T09:00:00.000Z', '2026-11-16T09:15:00.000Z'],
    ]);
    expect(unreadable.map(({ href }) => href)).toEqual(['/cal/1.ics']);
    expect(log).toHaveBeenCalledWith(
      'warn',
      'a calendar event cannot be read: its time is held as busy',
      expect.objectContaining({ href: '/cal/1.ics' }),
    );
  });

  it('gives up an object still running at its deadline, replaces the worker and reads the rest', async () => {
    const log = vi.fn();
    // Without the step bound ical.js loops on this rule for ever: only the deadline ends it.
    reader = createBusyTimesReader({
      log,
      deadlineMs: 1_000,
      maxRuleSteps: Number.POSITIVE_INFINITY,
    });
    const { busy, unreadable } = await reader.busyTimesIn(
      objects(CALL, IMPOSSIBLE, WEEKLY),
      NOVEMBER,
      'Europe/London',
    );
    expect(isoOf(busy)).toEqual([
      ['2026-11-02T09:00:00.000Z', '2026-11-02T09:15:00.000Z'],
      ['2026-11-05T10:00:00.000Z', '2026-11-05T11:00:00.000Z'],
      ['2026-11-09T09:00:00.000Z', '2026-11-09T09:15:00.000Z'],
      ['2026-11-10T14:00:00.000Z', '2026-11-10T15:00:00.000Z'],
      ['2026-11-16T09:00:00.000Z', '2026-11-16T09:15:00.000Z'],
    ]);
    expect(unreadable).toEqual([{ href: '/cal/1.ics', reason: 'it took over 1000 ms to expand' }]);
    expect(log).toHaveBeenCalledWith(
      'warn',
      'a calendar event cannot be read: its first time is held as busy',
      { href: '/cal/1.ics', reason: 'it took over 1000 ms to expand' },
    );

    // The next read has a worker of its own.
    const again = await reader.busyTimesIn(objects(CALL), NOVEMBER, 'Europe/London');
    expect(isoOf(again.busy)).toEqual([['2026-11-10T14:00:00.000Z', '2026-11-10T15:00:00.000Z']]);
  });
});

import { describe, expect, it } from 'vitest';
import { CalendarUnavailableError, type Interval } from '../booking-types';
import { rememberRecentBusyTimes } from './recent-busy-times';

const FROM = new Date('2026-11-02T00:00:00Z');
const TO = new Date('2026-11-09T00:00:00Z');
const MEETING: Interval = {
  start: new Date('2026-11-03T10:00:00Z'),
  end: new Date('2026-11-03T11:00:00Z'),
};

/** A calendar that counts its reads and answers what the test puts in it. */
function countingCalendar() {
  const calendar = {
    reads: 0,
    answer: (): Promise<Interval[]> => Promise.resolve([MEETING]),
    busyBetween() {
      calendar.reads += 1;
      return calendar.answer();
    },
  };
  return calendar;
}

describe('the busy times behind the list of free slots', () => {
  it('reads a range once for the visitors asking within half a minute, then afresh', async () => {
    const calendar = countingCalendar();
    let clock = 0;
    const recent = rememberRecentBusyTimes(calendar, { maxAgeMs: 30_000, now: () => clock });
    const together = await Promise.all([1, 2, 3].map(() => recent.busyBetween(FROM, TO)));
    expect(together).toEqual([[MEETING], [MEETING], [MEETING]]);
    clock = 29_999;
    await recent.busyBetween(FROM, TO);
    expect(calendar.reads).toBe(1);

    calendar.answer = () => Promise.resolve([]);
    clock = 30_000;
    expect(await recent.busyBetween(FROM, TO)).toEqual([]);
    expect(calendar.reads).toBe(2);
  });

  it('reads another range on its own', async () => {
    const calendar = countingCalendar();
    const recent = rememberRecentBusyTimes(calendar, { now: () => 0 });
    await recent.busyBetween(FROM, TO);
    await recent.busyBetween(FROM, new Date('2026-11-10T00:00:00Z'));
    expect(calendar.reads).toBe(2);
  });

  it('does not remember a calendar that could not be read: the next visitor asks again', async () => {
    const calendar = countingCalendar();
    calendar.answer = () => Promise.reject(new CalendarUnavailableError('401'));
    const recent = rememberRecentBusyTimes(calendar, { now: () => 0 });
    await expect(recent.busyBetween(FROM, TO)).rejects.toThrow(CalendarUnavailableError);
    calendar.answer = () => Promise.resolve([MEETING]);
    expect(await recent.busyBetween(FROM, TO)).toEqual([MEETING]);
    expect(calendar.reads).toBe(2);
  });
});

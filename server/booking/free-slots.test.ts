import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  CalendarUnavailableError,
  DEFAULT_AVAILABILITY,
  type BusyCalendar,
  type Interval,
} from './booking-types';
import { createFreeSlots } from './free-slots';

const MONDAY = Temporal.PlainDate.from('2027-01-04');
const KEPT_MS = 30_000;

/** A calendar that counts its reads, busy at 09:00–09:30 on Monday, or down when told. */
function countingCalendar() {
  const calendar: BusyCalendar & { reads: number; isDown: boolean } = {
    reads: 0,
    isDown: false,
    busyBetween(): Promise<Interval[]> {
      calendar.reads += 1;
      if (calendar.isDown) return Promise.reject(new CalendarUnavailableError('test'));
      const start = new Date('2027-01-04T09:00:00Z');
      return Promise.resolve([{ start, end: new Date('2027-01-04T09:30:00Z') }]);
    },
  };
  return calendar;
}

function setUp(calendar: BusyCalendar | undefined) {
  const clock = { now: Date.parse('2027-01-01T00:00:00Z') };
  const freeSlots = createFreeSlots({
    readAvailability: () => Promise.resolve(DEFAULT_AVAILABILITY),
    bookedBetween: () =>
      Promise.resolve([
        { start: new Date('2027-01-04T10:00:00Z'), end: new Date('2027-01-04T10:30:00Z') },
      ]),
    calendar,
    timeZone: 'Europe/London',
    now: () => clock.now,
    cacheMs: KEPT_MS,
  });
  return { clock, freeSlots };
}

describe('the free slots', () => {
  it('leave out the calendar’s busy times and the calls booked, and name their zone', async () => {
    const { freeSlots } = setUp(countingCalendar());
    const list = await freeSlots.list(MONDAY, MONDAY);
    expect(list.timeZone).toBe('Europe/London');
    expect(list.lengthMinutes).toBe(30);
    expect(list.slots.slice(0, 2).map(({ start }) => start.toISOString())).toEqual([
      '2027-01-04T09:30:00.000Z',
      '2027-01-04T10:30:00.000Z',
    ]);
    const withoutCalendar = await setUp(undefined).freeSlots.list(MONDAY, MONDAY);
    expect(withoutCalendar.slots[0]?.start.toISOString()).toBe('2027-01-04T09:00:00.000Z');
  });

  it('read the calendar once a range each half-minute, shared by visitors asking together', async () => {
    const calendar = countingCalendar();
    const { clock, freeSlots } = setUp(calendar);
    await Promise.all([freeSlots.list(MONDAY, MONDAY), freeSlots.list(MONDAY, MONDAY)]);
    expect(calendar.reads).toBe(1);
    clock.now += KEPT_MS - 1;
    await freeSlots.list(MONDAY, MONDAY);
    expect(calendar.reads).toBe(1);
    await freeSlots.list(MONDAY, MONDAY.add({ days: 1 }));
    expect(calendar.reads).toBe(2);
    clock.now += 1;
    await freeSlots.list(MONDAY, MONDAY);
    expect(calendar.reads).toBe(3);
  });

  it('are read again at once after new hours or a booking here', async () => {
    const calendar = countingCalendar();
    const { freeSlots } = setUp(calendar);
    await freeSlots.list(MONDAY, MONDAY);
    freeSlots.forget();
    await freeSlots.list(MONDAY, MONDAY);
    expect(calendar.reads).toBe(2);
  });

  it('keep no failed read: the next visitor asks the calendar again', async () => {
    const calendar = countingCalendar();
    const { freeSlots } = setUp(calendar);
    calendar.isDown = true;
    await expect(freeSlots.list(MONDAY, MONDAY)).rejects.toBeInstanceOf(CalendarUnavailableError);
    calendar.isDown = false;
    expect((await freeSlots.list(MONDAY, MONDAY)).slots.length).toBeGreaterThan(0);
    expect(calendar.reads).toBe(2);
  });

  it('keep a bounded number of ranges, dropping the oldest', async () => {
    const calendar = countingCalendar();
    const { freeSlots } = setUp(calendar);
    for (let offset = 0; offset <= 64; offset += 1) {
      await freeSlots.list(MONDAY, MONDAY.add({ days: offset }));
    }
    expect(calendar.reads).toBe(65);
    await freeSlots.list(MONDAY, MONDAY.add({ days: 64 }));
    expect(calendar.reads).toBe(65);
    await freeSlots.list(MONDAY, MONDAY);
    expect(calendar.reads).toBe(66);
  });
});

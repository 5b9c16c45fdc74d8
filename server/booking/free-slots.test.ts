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
const KEPT_MS = 5_000;
const FRESH_MS = 5_000;

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

function setUp(calendar: BusyCalendar | undefined, availability = DEFAULT_AVAILABILITY) {
  const clock = { now: Date.parse('2027-01-01T00:00:00Z') };
  const store = { bookedReads: 0 };
  const freeSlots = createFreeSlots({
    readAvailability: () => Promise.resolve(availability),
    bookedBetween: () => {
      store.bookedReads += 1;
      return Promise.resolve([
        { start: new Date('2027-01-04T10:00:00Z'), end: new Date('2027-01-04T10:30:00Z') },
      ]);
    },
    calendar,
    timeZone: 'Europe/London',
    now: () => clock.now,
    cacheMs: KEPT_MS,
    calendarFreshMs: FRESH_MS,
  });
  return { clock, store, freeSlots };
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

  it('read the whole horizon once for every range asked within its freshness, shared by visitors asking together', async () => {
    const calendar = countingCalendar();
    const { clock, freeSlots } = setUp(calendar);
    await Promise.all(
      Array.from({ length: 20 }, (_, offset) =>
        freeSlots.list(MONDAY.add({ days: offset }), MONDAY.add({ days: offset + 3 })),
      ),
    );
    expect(calendar.reads).toBe(1);
    clock.now += FRESH_MS - 1;
    await freeSlots.list(MONDAY, MONDAY.add({ days: 7 }));
    expect(calendar.reads).toBe(1);
    clock.now += 1;
    await freeSlots.list(MONDAY, MONDAY.add({ days: 8 }));
    expect(calendar.reads).toBe(2);
  });

  it('answer a range before today or beyond the horizon from the rules alone, reading nothing', async () => {
    const calendar = countingCalendar();
    const { store, freeSlots } = setUp(calendar);
    for (const [from, to] of [
      ['9999-11-01', '9999-12-31'],
      ['2027-02-01', '2027-03-31'],
      ['2026-11-01', '2026-12-31'],
    ] as const) {
      const list = await freeSlots.list(Temporal.PlainDate.from(from), Temporal.PlainDate.from(to));
      expect(list.slots).toEqual([]);
    }
    expect(calendar.reads).toBe(0);
    expect(store.bookedReads).toBe(0);
    // A range that reaches into the horizon lists its bookable days only.
    const edge = await freeSlots.list(
      Temporal.PlainDate.from('2027-01-29'),
      Temporal.PlainDate.from('2027-03-01'),
    );
    expect(edge.slots.at(-1)?.start.toISOString()).toBe('2027-01-29T16:30:00.000Z');
  });

  it('are listed again at once after new hours or a booking here', async () => {
    const { store, freeSlots } = setUp(countingCalendar());
    await freeSlots.list(MONDAY, MONDAY);
    await freeSlots.list(MONDAY, MONDAY);
    expect(store.bookedReads).toBe(1);
    freeSlots.forget();
    await freeSlots.list(MONDAY, MONDAY);
    expect(store.bookedReads).toBe(2);
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
    const { store, freeSlots } = setUp(countingCalendar(), {
      ...DEFAULT_AVAILABILITY,
      horizonDays: 366,
    });
    for (let offset = 0; offset <= 64; offset += 1) {
      await freeSlots.list(MONDAY, MONDAY.add({ days: offset }));
    }
    expect(store.bookedReads).toBe(65);
    await freeSlots.list(MONDAY, MONDAY.add({ days: 64 }));
    expect(store.bookedReads).toBe(65);
    await freeSlots.list(MONDAY, MONDAY);
    expect(store.bookedReads).toBe(66);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../server/booking/booking-types';
import {
  startCalendarSync,
  type CalendarCopies,
  type CalendarCopyDue,
} from '../../server/booking/calendar/calendar-sync';
import { connectionFor } from '../../server/booking/calendar/caldav-connection';
import { createCaldavWriter } from '../../server/booking/calendar/caldav-writer';
import { createCaldavCalendar } from '../../server/booking/calendar/caldav-calendar';
import { createRetrySchedule } from '../../server/mail/retry-schedule';
import { hasRadicale, startRadicale, type Radicale } from '../support/radicale';

/**
 * The bookings' calendar state as the database keeps it (the sequence written, the next
 * attempt, the lease), here in memory: these tests are about the calendar's side.
 */
function bookingsInMemory(): CalendarCopies & {
  save(booking: Booking): void;
  failures: () => number;
} {
  const rows = new Map<
    string,
    { booking: Booking; written: number | null; attempts: number; dueAt: number }
  >();
  let failures = 0;
  return {
    save(booking) {
      const row = rows.get(booking.id);
      rows.set(booking.id, {
        booking,
        written: row?.written ?? null,
        attempts: 0,
        dueAt: 0,
      });
    },
    failures: () => failures,
    async claimDueCalendarCopies({ now, leaseMs, limit }) {
      const due: CalendarCopyDue[] = [];
      for (const row of rows.values()) {
        if (due.length === limit) break;
        const isBehind = row.written === null || row.written < row.booking.sequence;
        if (!isBehind || row.dueAt > now.getTime()) continue;
        row.dueAt = now.getTime() + leaseMs;
        due.push({ booking: row.booking, attempts: row.attempts });
      }
      return Promise.resolve(due);
    },
    async markCalendarCopyWritten(id, sequence) {
      const row = rows.get(id);
      if (row?.booking.sequence === sequence) {
        row.written = sequence;
        row.attempts = 0;
      }
      return Promise.resolve();
    },
    async markCalendarCopyFailed(id, { nextAttemptAt }) {
      const row = rows.get(id);
      failures += 1;
      if (row !== undefined) {
        row.attempts += 1;
        row.dueAt = nextAttemptAt?.getTime() ?? Number.POSITIVE_INFINITY;
      }
      return Promise.resolve();
    },
  };
}

function booking(id: string, changes: Partial<Booking> = {}): Booking {
  return {
    id,
    enquiryId: `enquiry-${id}`,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    note: 'About the new identity;\r\nBEGIN:VEVENT',
    start: new Date('2026-12-03T10:00:00Z'),
    end: new Date('2026-12-03T10:30:00Z'),
    state: 'confirmed',
    uid: `${id}@bookings.emberandink.example`,
    sequence: 0,
    createdAt: new Date('2026-11-26T12:00:00Z'),
    ...changes,
  };
}

describe.runIf(hasRadicale())('each booking written into the studio’s calendar', () => {
  let radicale: Radicale;
  beforeAll(async () => {
    radicale = await startRadicale();
  });
  afterAll(async () => {
    await radicale?.stop();
  });

  async function syncing(calendarName: string) {
    const caldavUrl = await radicale.createCalendar(calendarName);
    const connection = connectionFor(caldavUrl, 1000);
    const copies = bookingsInMemory();
    const log = vi.fn();
    const sync = startCalendarSync({
      copies,
      writer: createCaldavWriter({ connection }),
      schedule: createRetrySchedule({ baseDelayMs: 200, maxDelayMs: 400, maxAttempts: 1000 }),
      log,
      pollIntervalMs: 50,
    });
    const calendar = createCaldavCalendar({ connection, studioTimeZone: 'UTC', log });
    const eventsIn = async () => {
      const objects = await radicale.objects(caldavUrl);
      return [...objects.keys()].sort();
    };
    const startsIn = async () =>
      [...(await radicale.objects(caldavUrl)).values()].map(
        (ics) => /^DTSTART:(\w+)/m.exec(ics)?.[1],
      );
    const busy = async () =>
      calendar.busyBetween(new Date('2026-12-01T00:00:00Z'), new Date('2026-12-31T00:00:00Z'));
    return { caldavUrl, copies, sync, eventsIn, startsIn, busy, log };
  }

  it('writes a booking as one event named by its UID, moves it on reschedule, removes it on cancel', async () => {
    const { caldavUrl, copies, sync, eventsIn, startsIn, busy } = await syncing('written');
    try {
      copies.save(booking('one'));
      await expect.poll(startsIn).toEqual(['20261203T100000Z']);
      // The call is the bookings table's to count: read back, it blocks nothing twice.
      expect(await busy()).toEqual([]);
      const [stored = ''] = (await radicale.objects(caldavUrl)).values();
      expect(stored).toContain('UID:one@bookings.emberandink.example');
      expect(stored).toContain('SEQUENCE:0');
      // The note's line break stays inside its text: it adds no line of its own.
      const unfolded = stored.replace(/\r\n[ \t]/g, '');
      expect(unfolded).toContain('About the new identity\\;\\nBEGIN:VEVENT');
      expect(stored.match(/^BEGIN:VEVENT/gm)).toHaveLength(1);

      copies.save(
        booking('one', {
          sequence: 1,
          start: new Date('2026-12-04T15:00:00Z'),
          end: new Date('2026-12-04T15:30:00Z'),
        }),
      );
      await expect.poll(startsIn).toEqual(['20261204T150000Z']);
      expect(await eventsIn()).toEqual(['one@bookings.emberandink.example.ics']);

      copies.save(booking('one', { sequence: 2, state: 'cancelled' }));
      await expect.poll(eventsIn).toEqual([]);
    } finally {
      await sync.stop();
    }
  });

  it('loses nothing while the calendar is down, and catches up when it returns', async () => {
    const { copies, sync, eventsIn, log } = await syncing('outage');
    try {
      copies.save(booking('kept'));
      await expect.poll(eventsIn).toEqual(['kept@bookings.emberandink.example.ics']);

      await radicale.pause();
      copies.save(booking('booked-during'));
      copies.save(booking('kept', { sequence: 1, state: 'cancelled' }));
      // Both are tried, and fail, more than once while the calendar is away.
      await expect.poll(() => copies.failures()).toBeGreaterThanOrEqual(4);
      expect(log).toHaveBeenCalledWith(
        'warn',
        'a booking could not be written to the calendar',
        expect.objectContaining({ booking: 'booked-during' }),
      );

      await radicale.resume();
      const returnedAt = Date.now();
      await expect.poll(eventsIn).toEqual(['booked-during@bookings.emberandink.example.ics']);
      const caughtUpMs = Date.now() - returnedAt;
      console.info(
        `calendar outage: ${copies.failures()} failed writes kept, caught up ${caughtUpMs} ms after the calendar returned`,
      );
      // The retries are at most 400 ms apart here (minutes in production).
      expect(caughtUpMs).toBeLessThan(5000);
    } finally {
      await sync.stop();
    }
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachStore, newEnquiry } from '../../tests/server/helpers/store-fixtures';
import type { Booking } from '../booking/booking-types';
import type { Store } from '../store/store';
import { purgeExpired } from './purge-expired';

const DAY_MS = 24 * 60 * 60 * 1000;
const HALF_HOUR_MS = 30 * 60 * 1000;
const POLICY = { enquiryDays: 730, spamDays: 30, auditDays: 365, audienceRawDays: 31 };

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ember-booking-privacy-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

/** Books a 30-minute call at `start` (an ISO instant) for `email`, with its lead. */
async function book(store: Store, start: string, email: string, note: string): Promise<Booking> {
  const startAt = new Date(start);
  const end = new Date(startAt.getTime() + HALF_HOUR_MS);
  const name = email === 'bob@example.com' ? 'Bob Hale' : 'Ann Lee';
  const result = await store.bookings.book({
    start: startAt,
    end,
    blockedUntil: end,
    day: start.slice(0, 10),
    maxPerDay: 8,
    lead: newEnquiry({
      message: { name, email, service: 'Brand Strategy', message: note },
    }),
    name,
    email,
    note,
  });
  if (result.kind !== 'booked') throw new Error(`expected a booking, got ${result.kind}`);
  return result.booking;
}

/** Writes every due booking's copy to the (pretend) calendar, as the calendar queue would. */
async function writeCalendarCopies(store: Store): Promise<void> {
  const due = await store.bookings.claimDueCalendarCopies({
    now: new Date(),
    leaseMs: 60_000,
    limit: 10,
  });
  for (const { booking } of due) {
    await store.bookings.markCalendarCopyWritten(booking.id, booking.sequence);
  }
}

const MARCH_4 = [new Date('2031-03-04T00:00:00Z'), new Date('2031-03-05T00:00:00Z')] as const;

describeEachStore('bookings under the privacy tools', (subject) => {
  it("copies a person's calls, then forgets them with their queued emails, freeing their times and queueing their events' removal", async () => {
    const { store } = subject;
    const written = await book(store, '2031-03-04T10:00:00.000Z', 'ann@example.com', 'New logo');
    await writeCalendarCopies(store);
    const cancelled = await book(store, '2031-03-04T12:00:00.000Z', 'Ann@Example.com', 'Maybe');
    await store.bookings.cancel(cancelled.id, null);
    const bobs = await book(store, '2031-03-04T11:00:00.000Z', 'bob@example.com', 'A website');

    const person = await store.describePerson(' ANN@example.com ');
    expect(person.bookings).toEqual([
      expect.objectContaining({
        id: written.id,
        enquiryId: written.enquiryId,
        start: new Date('2031-03-04T10:00:00.000Z'),
        end: new Date('2031-03-04T10:30:00.000Z'),
        state: 'confirmed',
        note: 'New logo',
      }),
      expect.objectContaining({ id: cancelled.id, state: 'cancelled', note: 'Maybe' }),
    ]);
    expect(JSON.stringify(person)).not.toContain('A website');

    const queuedBefore = (await store.readOutboxBacklog()).count;
    const forgotten = await store.forgetPerson('ann@EXAMPLE.com');
    expect([...forgotten.bookingIds].sort()).toEqual([written.id, cancelled.id].sort());
    // Only the call whose event was written is queued for removal; the other never was written.
    expect(forgotten.calendarRemovals).toBe(1);
    expect(
      await store.bookings.claimDueCalendarRemovals({
        now: new Date(),
        leaseMs: 60_000,
        limit: 10,
      }),
    ).toEqual([{ uid: written.uid, attempts: 0 }]);
    // Ann's invitations and cancellation, still queued, are not sent; Bob's are.
    expect(forgotten.outboxRows).toBeGreaterThanOrEqual(3);
    expect((await store.readOutboxBacklog()).count).toBe(queuedBefore - forgotten.outboxRows);
    expect((await store.readOutboxBacklog()).count).toBeGreaterThan(0);

    expect(await store.bookings.getBooking(written.id)).toBeNull();
    expect(await store.bookings.getBooking(cancelled.id)).toBeNull();
    expect(await store.getEnquiry(written.enquiryId)).toBeNull();
    expect((await store.describePerson('ann@example.com')).bookings).toEqual([]);
    const left = await store.bookings.listBookings(...MARCH_4);
    expect(left.map((booking) => booking.id)).toEqual([bobs.id]);
    expect(await store.getEnquiry(bobs.enquiryId)).not.toBeNull();
    // The forgotten call's time is free again.
    await expect(
      book(store, '2031-03-04T10:00:00.000Z', 'cy@example.com', 'Hello'),
    ).resolves.toMatchObject({ state: 'confirmed' });
  });

  it('keeps a booked lead until its call ended longer ago than RETENTION_DAYS, then purges both', async () => {
    const { store } = subject;
    const call = await book(store, '2031-03-04T10:00:00.000Z', 'ann@example.com', 'New logo');
    const later = await book(store, '2032-06-01T10:00:00.000Z', 'bob@example.com', 'A website');
    const plain = await store.saveEnquiry(newEnquiry());
    if (plain.kind !== 'created') throw new Error('expected a new enquiry');

    // Past the enquiries' retention, but not past the calls': only the plain enquiry goes.
    const enquiriesExpired = new Date(Date.now() + 731 * DAY_MS);
    expect(await purgeExpired(store, dataDir, POLICY, enquiriesExpired)).toMatchObject({
      enquiries: 1,
      bookings: 0,
    });
    expect(await store.getEnquiry(plain.id)).toBeNull();
    expect(await store.bookings.getBooking(call.id)).not.toBeNull();
    expect(await store.getEnquiry(call.enquiryId)).not.toBeNull();

    const justKept = new Date(call.end.getTime() + 730 * DAY_MS);
    expect(await purgeExpired(store, dataDir, POLICY, justKept)).toMatchObject({ bookings: 0 });
    expect(await store.bookings.getBooking(call.id)).not.toBeNull();

    const callExpired = new Date(call.end.getTime() + 731 * DAY_MS);
    expect(await purgeExpired(store, dataDir, POLICY, callExpired)).toMatchObject({
      enquiries: 1,
      bookings: 1,
    });
    expect(await store.bookings.getBooking(call.id)).toBeNull();
    expect(await store.getEnquiry(call.enquiryId)).toBeNull();
    expect(await store.bookings.getBooking(later.id)).not.toBeNull();
    expect(await store.getEnquiry(later.enquiryId)).not.toBeNull();
  });
});

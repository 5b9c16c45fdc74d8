import { expect, it } from 'vitest';
import {
  describeEachStore,
  MESSAGE,
  newEnquiry,
} from '../../../tests/server/helpers/store-fixtures';
import type { Booking } from '../../booking/booking-types';
import type { Store } from '../store';
import type { BookedTime } from './booking-repository-types';

const HALF_HOUR_MS = 30 * 60 * 1000;
const LEASE_MS = 60_000;
/** Before every call these tests book (2031): the calls are still ahead. */
const NOW = new Date('2031-03-01T12:00:00.000Z');

function timeAt(start: string): BookedTime {
  const startAt = new Date(`2031-03-04T${start}:00.000Z`);
  const end = new Date(startAt.getTime() + HALF_HOUR_MS);
  return { start: startAt, end, blockedUntil: end, day: '2031-03-04', maxPerDay: 8 };
}

async function book(store: Store, start: string): Promise<Booking> {
  const result = await store.bookings.book({
    ...timeAt(start),
    lead: newEnquiry(),
    name: MESSAGE.name,
    email: MESSAGE.email,
    note: '',
  });
  if (result.kind !== 'booked') throw new Error(`expected a booking, got ${result.kind}`);
  return result.booking;
}

function claim(store: Store, now = NOW) {
  return store.bookings.claimDueCalendarCopies({ now, leaseMs: LEASE_MS, limit: 10 });
}

async function claimedIds(store: Store, now = NOW): Promise<string[]> {
  return (await claim(store, now)).map(({ booking }) => booking.id).sort();
}

describeEachStore("the bookings' copies in the studio's calendar", (subject) => {
  it('offers a new booking once, and again only after its lease runs out', async () => {
    const booking = await book(subject.store, '10:00');
    expect(await claim(subject.store)).toEqual([{ booking, attempts: 0 }]);
    const rival = await subject.fixture.rival(subject.store);
    expect(await claimedIds(rival, new Date(NOW.getTime() + LEASE_MS - 1))).toEqual([]);
    expect(await claimedIds(rival, new Date(NOW.getTime() + LEASE_MS))).toEqual([booking.id]);
  });

  it('gives each booking to one of three instances claiming at once', async () => {
    const booked = [await book(subject.store, '09:00'), await book(subject.store, '10:00')];
    const stores = [
      subject.store,
      await subject.fixture.rival(subject.store),
      await subject.fixture.rival(subject.store),
    ];
    const claimed = (await Promise.all(stores.map((store) => claimedIds(store)))).flat();
    expect(claimed.sort()).toEqual(booked.map(({ id }) => id).sort());
  });

  it('is up to date once written, and behind again after a reschedule or a cancel', async () => {
    const booking = await book(subject.store, '10:00');
    await claim(subject.store);
    await subject.store.bookings.markCalendarCopyWritten(booking.id, 0);
    expect(await claimedIds(subject.store)).toEqual([]);

    await subject.store.bookings.reschedule(booking.id, timeAt('11:00'));
    const [moved] = await claim(subject.store);
    expect(moved?.booking).toMatchObject({ id: booking.id, sequence: 1 });
    await subject.store.bookings.markCalendarCopyWritten(booking.id, 1);

    await subject.store.bookings.cancel(booking.id, null);
    const [cancelled] = await claim(subject.store);
    expect(cancelled?.booking).toMatchObject({ id: booking.id, state: 'cancelled' });
  });

  it('writes a change made during the write next, at once', async () => {
    const booking = await book(subject.store, '10:00');
    await claim(subject.store);
    await subject.store.bookings.reschedule(booking.id, timeAt('11:00'));
    // The write of sequence 0 lands after the booking moved on to 1.
    await subject.store.bookings.markCalendarCopyWritten(booking.id, 0);
    const [again] = await claim(subject.store);
    expect(again?.booking).toMatchObject({ id: booking.id, sequence: 1 });
  });

  it('retries a failed write at its time, counting attempts, and stops when given up', async () => {
    const booking = await book(subject.store, '10:00');
    await claim(subject.store);
    const retryAt = new Date(NOW.getTime() + 15_000);
    await subject.store.bookings.markCalendarCopyFailed(booking.id, {
      error: 'The studio’s calendar cannot be reached: 503 Service Unavailable',
      nextAttemptAt: retryAt,
    });
    expect(await claimedIds(subject.store, new Date(retryAt.getTime() - 1))).toEqual([]);
    expect(await claim(subject.store, retryAt)).toMatchObject([{ attempts: 1 }]);

    await subject.store.bookings.markCalendarCopyFailed(booking.id, {
      error: 'given up',
      nextAttemptAt: null,
    });
    expect(await claimedIds(subject.store, new Date('2031-03-04T09:00:00.000Z'))).toEqual([]);
  });

  it('leaves alone a call that is over, and one cancelled before it was ever written', async () => {
    const over = await book(subject.store, '09:00');
    const neverWritten = await book(subject.store, '10:00');
    await subject.store.bookings.cancel(neverWritten.id, null);
    expect(await claimedIds(subject.store, new Date('2031-03-04T09:30:00.000Z'))).toEqual([]);
    expect(await claimedIds(subject.store)).toEqual([over.id]);
  });

  it("deletes a forgotten call's event by its UID once, after the lease of a write under way", async () => {
    const written = await book(subject.store, '09:00');
    await claim(subject.store);
    await subject.store.bookings.markCalendarCopyWritten(written.id, 0);
    const writing = await book(subject.store, '10:00');
    await claim(subject.store);
    const neverOffered = await book(subject.store, '11:00');

    await subject.store.forgetPerson(MESSAGE.email);
    const removals = (now: Date) =>
      subject.store.bookings.claimDueCalendarRemovals({ now, leaseMs: LEASE_MS, limit: 10 });
    // The written event goes at once; the one being written only once its write is over; the
    // one never offered to the calendar has nothing to delete.
    expect(await removals(NOW)).toEqual([{ uid: written.uid, attempts: 0 }]);
    const rival = await subject.fixture.rival(subject.store);
    const leaseOver = new Date(NOW.getTime() + LEASE_MS);
    const claimedAfter = await rival.bookings.claimDueCalendarRemovals({
      now: leaseOver,
      leaseMs: LEASE_MS,
      limit: 10,
    });
    expect(claimedAfter.map(({ uid }) => uid).sort()).toEqual([written.uid, writing.uid].sort());
    expect(JSON.stringify(claimedAfter)).not.toContain(neverOffered.uid);

    const retryAt = new Date(leaseOver.getTime() + 15_000);
    await rival.bookings.markCalendarRemovalFailed(written.uid, {
      error: '503',
      nextAttemptAt: retryAt,
    });
    await rival.bookings.markCalendarRemovalDone(writing.uid);
    expect(await removals(retryAt)).toEqual([{ uid: written.uid, attempts: 1 }]);
    await subject.store.bookings.markCalendarRemovalDone(written.uid);
    expect(await removals(new Date(retryAt.getTime() + LEASE_MS))).toEqual([]);
  });
});

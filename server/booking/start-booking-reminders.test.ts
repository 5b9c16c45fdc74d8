import { expect, it } from 'vitest';
import { describeEachStore, MESSAGE, newEnquiry } from '../../tests/server/helpers/store-fixtures';
import { startBookingReminders } from './start-booking-reminders';

const HOUR_MS = 60 * 60 * 1000;

describeEachStore('the booking reminders', (subject) => {
  it('queues the reminder of a call within a day, once, and wakes the outbox', async () => {
    const start = new Date(Date.now() + 23 * HOUR_MS);
    const end = new Date(start.getTime() + HOUR_MS / 2);
    const made = await subject.store.bookings.book({
      start,
      end,
      blockedUntil: end,
      day: start.toISOString().slice(0, 10),
      maxPerDay: 8,
      lead: newEnquiry(),
      name: MESSAGE.name,
      email: MESSAGE.email,
      note: '',
    });
    if (made.kind !== 'booked') throw new Error('expected a booking');
    await subject.store.claimDueEmails(100, 60_000);
    let nudged = 0;
    const reminders = startBookingReminders({
      bookings: subject.store.bookings,
      onQueued: () => (nudged += 1),
      log: () => undefined,
      roundMs: 10,
    });
    await expect.poll(() => nudged).toBe(1);
    await reminders.stop();
    const jobs = await subject.store.claimDueEmails(100, 60_000);
    expect(jobs.map((job) => (job.kind === 'booking' ? job.email.event : job.kind))).toEqual([
      'reminder',
    ]);
  });
});

import pg from 'pg';
import { expect, it } from 'vitest';
import {
  describeEachStore,
  MESSAGE,
  newEnquiry,
} from '../../../tests/server/helpers/store-fixtures';
import type { Store } from '../store';
import type { BookedTime, NewBooking } from './booking-repository-types';

const HALF_HOUR_MS = 30 * 60 * 1000;

/** A 30-minute call at `start` on 2031-03-04 (far ahead, so reminders are not due). */
function timeAt(start: string, overrides: Partial<BookedTime> = {}): BookedTime {
  const startAt = new Date(`2031-03-04T${start}:00.000Z`);
  const end = new Date(startAt.getTime() + HALF_HOUR_MS);
  return { start: startAt, end, blockedUntil: end, day: '2031-03-04', maxPerDay: 8, ...overrides };
}

function newBooking(time: BookedTime, overrides: Partial<NewBooking> = {}): NewBooking {
  return {
    ...time,
    lead: newEnquiry(),
    name: MESSAGE.name,
    email: MESSAGE.email,
    note: 'About a new identity',
    ...overrides,
  };
}

async function bookingEmails(store: Store) {
  const jobs = await store.claimDueEmails(100, 60_000);
  return jobs.flatMap((job) => (job.kind === 'booking' ? [job.email] : []));
}

describeEachStore('the booking repository', (subject) => {
  it('books a call with its lead and queues its invitation to the visitor and the studio', async () => {
    const result = await subject.store.bookings.book(newBooking(timeAt('10:00')));
    if (result.kind !== 'booked') throw new Error(`expected a booking, got ${result.kind}`);
    const { booking } = result;
    expect(booking).toMatchObject({ state: 'confirmed', sequence: 0, name: MESSAGE.name });
    expect(await subject.store.getEnquiry(booking.enquiryId)).toMatchObject({
      email: MESSAGE.email,
    });
    expect(await subject.store.bookings.getBookingOfEnquiry(booking.enquiryId)).toEqual(booking);
    const emails = await bookingEmails(subject.store);
    expect(emails.map((email) => [email.event, email.to]).sort()).toEqual([
      ['invitation', 'studio'],
      ['invitation', 'visitor'],
    ]);
  });

  it('books exactly one of 50 concurrent requests for one slot, split across three stores', async () => {
    const stores = [
      subject.store,
      await subject.fixture.rival(subject.store),
      await subject.fixture.rival(subject.store),
    ];
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        (stores[index % stores.length] ?? subject.store).bookings.book(newBooking(timeAt('10:00'))),
      ),
    );
    const kinds = results.map((result) => result.kind);
    expect(kinds.filter((kind) => kind === 'booked')).toHaveLength(1);
    expect(kinds.filter((kind) => kind === 'taken')).toHaveLength(49);
    const day = timeAt('00:00');
    const stored = await subject.store.bookings.listBookings(day.start, timeAt('23:30').end);
    expect(stored).toHaveLength(1);
    // A refused booking leaves no lead behind: its whole transaction rolled back.
    expect(await subject.store.listEnquiries()).toHaveLength(1);
  });

  it('refuses a call inside another one’s buffer and takes the first start after it', async () => {
    const buffered = timeAt('10:00', { blockedUntil: new Date('2031-03-04T10:45:00.000Z') });
    expect((await subject.store.bookings.book(newBooking(buffered))).kind).toBe('booked');
    expect((await subject.store.bookings.book(newBooking(timeAt('10:30')))).kind).toBe('taken');
    const early = timeAt('09:30', { blockedUntil: new Date('2031-03-04T10:15:00.000Z') });
    expect((await subject.store.bookings.book(newBooking(early))).kind).toBe('taken');
    expect((await subject.store.bookings.book(newBooking(timeAt('10:45')))).kind).toBe('booked');
  });

  it('refuses a call on a day that holds its most calls, and counts a cancelled one out', async () => {
    const limited = (start: string) => timeAt(start, { maxPerDay: 2 });
    const first = await subject.store.bookings.book(newBooking(limited('09:00')));
    expect((await subject.store.bookings.book(newBooking(limited('11:00')))).kind).toBe('booked');
    expect((await subject.store.bookings.book(newBooking(limited('13:00')))).kind).toBe('day_full');
    if (first.kind !== 'booked') throw new Error('expected a booking');
    await subject.store.bookings.cancel(first.booking.id, null);
    expect((await subject.store.bookings.book(newBooking(limited('13:00')))).kind).toBe('booked');
  });

  it('lets exactly one of a reschedule and a new booking racing for one slot have it', async () => {
    const moving = await subject.store.bookings.book(newBooking(timeAt('09:00')));
    if (moving.kind !== 'booked') throw new Error('expected a booking');
    const rival = await subject.fixture.rival(subject.store);
    const [moved, booked] = await Promise.all([
      subject.store.bookings.reschedule(moving.booking.id, timeAt('14:00')),
      rival.bookings.book(newBooking(timeAt('14:00'))),
    ]);
    expect([moved.kind, booked.kind].sort()).toEqual(
      moved.kind === 'moved' ? ['moved', 'taken'] : ['booked', 'taken'],
    );
    const day = await subject.store.bookings.listBookings(
      timeAt('00:00').start,
      timeAt('23:30').end,
    );
    const atTwo = day.filter(
      (booking) => booking.start.getTime() === timeAt('14:00').start.getTime(),
    );
    expect(atTwo).toHaveLength(1);
  });

  it('settles a cancel racing a reschedule: the call ends cancelled and both times are free', async () => {
    const made = await subject.store.bookings.book(newBooking(timeAt('09:00')));
    if (made.kind !== 'booked') throw new Error('expected a booking');
    const rival = await subject.fixture.rival(subject.store);
    const [moved, cancelled] = await Promise.all([
      subject.store.bookings.reschedule(made.booking.id, timeAt('15:00')),
      rival.bookings.cancel(made.booking.id, null),
    ]);
    expect(cancelled.kind).toBe('cancelled');
    expect(['moved', 'gone']).toContain(moved.kind);
    const stored = await subject.store.bookings.getBooking(made.booking.id);
    expect(stored?.state).toBe('cancelled');
    // Every change the visitor is told of raises SEQUENCE: a move then a cancel is 2.
    expect(stored?.sequence).toBe(moved.kind === 'moved' ? 2 : 1);
    expect((await subject.store.bookings.book(newBooking(timeAt('09:00')))).kind).toBe('booked');
    expect((await subject.store.bookings.book(newBooking(timeAt('15:00')))).kind).toBe('booked');
  });

  it('moves a call with a higher SEQUENCE and the same UID, and cancels it once', async () => {
    const made = await subject.store.bookings.book(newBooking(timeAt('09:00')));
    if (made.kind !== 'booked') throw new Error('expected a booking');
    await bookingEmails(subject.store);
    const moved = await subject.store.bookings.reschedule(made.booking.id, timeAt('11:00'));
    if (moved.kind !== 'moved') throw new Error('expected a move');
    expect(moved.booking).toMatchObject({ uid: made.booking.uid, sequence: 1 });
    expect(moved.booking.start).toEqual(timeAt('11:00').start);
    const updates = await bookingEmails(subject.store);
    expect(updates.map((email) => [email.event, email.booking.sequence])).toEqual([
      ['update', 1],
      ['update', 1],
    ]);
    const cancelled = await subject.store.bookings.cancel(made.booking.id, 'Sorry, we are away.');
    expect(cancelled).toMatchObject({ kind: 'cancelled', booking: { sequence: 2 } });
    expect(await subject.store.bookings.cancel(made.booking.id, null)).toEqual({ kind: 'gone' });
    expect(await subject.store.bookings.reschedule(made.booking.id, timeAt('12:00'))).toEqual({
      kind: 'gone',
    });
    const cancellations = await bookingEmails(subject.store);
    expect(cancellations.map((email) => [email.event, email.message])).toEqual([
      ['cancellation', 'Sorry, we are away.'],
      ['cancellation', 'Sorry, we are away.'],
    ]);
  });

  it('sends the studio its "Call booked" email again on "Send again", the plain one once the call is cancelled', async () => {
    const made = await subject.store.bookings.book(newBooking(timeAt('09:00')));
    if (made.kind !== 'booked') throw new Error('expected a booking');
    const { enquiryId } = made.booking;
    /** Claims every due email and gives up on the studio's news of the enquiry. */
    async function failTheNews() {
      const jobs = await subject.store.claimDueEmails(100, 60_000);
      const news = jobs.find((job) =>
        job.kind === 'booking' ? job.email.to === 'studio' : job.enquiry?.id === enquiryId,
      );
      if (news === undefined) throw new Error('expected the studio to be told of the call');
      await subject.store.markEmailFailed(news.id, '550 mailbox unavailable', null);
      return news;
    }
    const told = (job: Awaited<ReturnType<typeof failTheNews>>) =>
      job.kind === 'booking' ? [job.kind, job.email.event, job.email.to] : [job.kind];

    expect(told(await failTheNews())).toEqual(['booking', 'invitation', 'studio']);
    expect(await subject.store.resendEmail(enquiryId)).toBe('queued');
    expect(told(await failTheNews())).toEqual(['booking', 'invitation', 'studio']);
    expect(await subject.store.requeueEmail(enquiryId)).toBe(true);
    expect(told(await failTheNews())).toEqual(['booking', 'invitation', 'studio']);

    await subject.store.bookings.cancel(made.booking.id, null);
    await bookingEmails(subject.store);
    expect(await subject.store.resendEmail(enquiryId)).toBe('queued');
    expect(told(await failTheNews())).toEqual(['enquiry']);
  });

  it('answers a retried request with the booking it made, and stores a spam lead without booking', async () => {
    const idempotency = { key: 'booking-retry-1', bodyHash: 'same' };
    const first = await subject.store.bookings.book(
      newBooking(timeAt('09:00'), { lead: newEnquiry({ idempotency }) }),
    );
    const again = await subject.store.bookings.book(
      newBooking(timeAt('09:00'), { lead: newEnquiry({ idempotency }) }),
    );
    if (first.kind !== 'booked') throw new Error('expected a booking');
    expect(again).toEqual({
      kind: 'replayed',
      enquiryId: first.booking.enquiryId,
      booking: first.booking,
    });
    const spam = await subject.store.bookings.book(
      newBooking(timeAt('13:00'), { lead: newEnquiry({ isSpam: true }) }),
    );
    expect(spam.kind).toBe('spam');
    expect((await subject.store.bookings.book(newBooking(timeAt('13:00')))).kind).toBe('booked');
  });

  it('finds a call by every link it was sent, still after it is cancelled, and mints none then', async () => {
    const made = await subject.store.bookings.book(newBooking(timeAt('09:00')));
    if (made.kind !== 'booked') throw new Error('expected a booking');
    const first = await subject.store.bookings.mintManageToken(made.booking.id);
    await subject.store.bookings.reschedule(made.booking.id, timeAt('11:00'));
    const second = await subject.store.bookings.mintManageToken(made.booking.id);
    if (first === null || second === null) throw new Error('expected links');
    const rival = await subject.fixture.rival(subject.store);
    for (const link of [first, second]) {
      const found = await rival.bookings.findBookingByToken(link);
      expect(found?.start).toEqual(timeAt('11:00').start);
    }
    expect(await subject.store.bookings.findBookingByToken('not-a-token')).toBeNull();
    await subject.store.bookings.cancel(made.booking.id, null);
    expect((await subject.store.bookings.findBookingByToken(first))?.state).toBe('cancelled');
    expect(await subject.store.bookings.mintManageToken(made.booking.id)).toBeNull();
  });

  it("keeps the visitor's zone and number, and their reason for cancelling as a note on the lead", async () => {
    const made = await subject.store.bookings.book(
      newBooking(timeAt('09:00'), { visitorTimeZone: 'America/Chicago', phone: '+1 312 555 0100' }),
    );
    if (made.kind !== 'booked') throw new Error('expected a booking');
    expect(made.booking).toMatchObject({
      visitorTimeZone: 'America/Chicago',
      phone: '+1 312 555 0100',
    });
    const cancelled = await subject.store.bookings.cancel(made.booking.id, null, {
      reason: 'We chose another studio.',
    });
    expect(cancelled).toMatchObject({ booking: { cancelReason: 'We chose another studio.' } });
    const leads = await subject.store.leads.readLeads([made.booking.enquiryId]);
    expect(leads.get(made.booking.enquiryId)?.notes.map((note) => note.text)).toEqual([
      `${MESSAGE.name} cancelled the call, saying: We chose another studio.`,
    ]);
  });

  it('refuses to cancel a call that is over by the time given', async () => {
    const made = await subject.store.bookings.book(newBooking(timeAt('09:00')));
    if (made.kind !== 'booked') throw new Error('expected a booking');
    const after = new Date(made.booking.end.getTime() + 1000);
    expect(await subject.store.bookings.cancel(made.booking.id, null, { now: after })).toEqual({
      kind: 'gone',
    });
    expect((await subject.store.bookings.getBooking(made.booking.id))?.state).toBe('confirmed');
  });

  it('queues each reminder once, a day before the call, however many stores ask', async () => {
    const soon = await subject.store.bookings.book(newBooking(timeAt('09:00')));
    await subject.store.bookings.book(newBooking(timeAt('16:00')));
    if (soon.kind !== 'booked') throw new Error('expected a booking');
    await bookingEmails(subject.store);
    const dayBefore = new Date(soon.booking.start.getTime() - 23 * 60 * 60 * 1000);
    const rival = await subject.fixture.rival(subject.store);
    const queued = await Promise.all([
      subject.store.bookings.queueDueReminders(dayBefore),
      rival.bookings.queueDueReminders(dayBefore),
    ]);
    expect(queued[0] + queued[1]).toBe(1);
    expect(await subject.store.bookings.queueDueReminders(dayBefore)).toBe(0);
    const reminders = await bookingEmails(subject.store);
    expect(reminders.map((email) => [email.event, email.to, email.booking.id])).toEqual([
      ['reminder', 'visitor', soon.booking.id],
    ]);
  });

  it('sends no reminder for a call booked too near for one', async () => {
    const near = await subject.store.bookings.book(newBooking(timeAt('09:00', { remindAt: null })));
    if (near.kind !== 'booked') throw new Error('expected a booking');
    await bookingEmails(subject.store);
    const justBefore = new Date(near.booking.start.getTime() - 60_000);
    expect(await subject.store.bookings.queueDueReminders(justBefore)).toBe(0);
  });

  it('on PostgreSQL, refuses an overlapping call even written past the check', async (context) => {
    const url = subject.fixture.databaseUrl;
    if (url === undefined) return context.skip();
    const made = await subject.store.bookings.book(newBooking(timeAt('10:00')));
    if (made.kind !== 'booked') throw new Error('expected a booking');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const copy = `insert into bookings
        select gen_random_uuid()::text, enquiry_id || '-copy', name, email, note,
          start_at + interval '15 minutes', end_at + interval '15 minutes',
          blocked_until + interval '15 minutes', day, state, uid || '-copy', sequence, null,
          remind_at, null, created_at, updated_at, null
        from bookings where id = $1`;
      await client.query('alter table bookings drop constraint bookings_enquiry_id_fkey');
      await expect(client.query(copy, [made.booking.id])).rejects.toMatchObject({
        code: '23P01',
      });
    } finally {
      await client.end();
    }
  });
});

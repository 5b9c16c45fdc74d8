import { expect, it } from 'vitest';
import type { CallEvent } from '../../../common/leads';
import {
  describeEachStore,
  MESSAGE,
  newEnquiry,
} from '../../../tests/server/helpers/store-fixtures';
import type { Store } from '../store';
import type { BookedTime, NewBooking } from './booking-repository-types';

const HALF_HOUR_MS = 30 * 60 * 1000;

/** A 30-minute call at `start` UTC on 2031-03-04. */
function timeAt(start: string): BookedTime {
  const startAt = new Date(`2031-03-04T${start}:00.000Z`);
  const end = new Date(startAt.getTime() + HALF_HOUR_MS);
  return { start: startAt, end, blockedUntil: end, day: '2031-03-04', maxPerDay: 8 };
}

function newBooking(time: BookedTime, email = MESSAGE.email): NewBooking {
  return {
    ...time,
    lead: newEnquiry({
      message: { ...MESSAGE, email },
      idempotency: { key: `key-${email}`, bodyHash: 'hash' },
    }),
    name: MESSAGE.name,
    email,
    note: 'About a new identity',
  };
}

async function bookAt(store: Store, start: string, email?: string) {
  const result = await store.bookings.book(newBooking(timeAt(start), email));
  if (result.kind !== 'booked') throw new Error(`expected a booking, got ${result.kind}`);
  return result;
}

async function eventsOf(store: Store, leadId: string): Promise<CallEvent[]> {
  return (await store.leads.openLead(leadId))?.callEvents ?? [];
}

/** What the thread tells of each event, without its ids and moments. */
function told(events: readonly CallEvent[]) {
  return events.map(({ kind, byStaff, start, from, text }) => ({
    kind,
    byStaff,
    start,
    from: from?.start ?? null,
    text,
  }));
}

describeEachStore("a call's events in its lead's thread", (subject) => {
  it('tells the booking with the visitor note, then a move from one time to the other', async () => {
    const { booking, leadId } = await bookAt(subject.store, '10:00');
    const moved = await subject.store.bookings.reschedule(booking.id, timeAt('11:00'));
    expect(moved.kind).toBe('moved');

    expect(told(await eventsOf(subject.store, leadId))).toEqual([
      {
        kind: 'booked',
        byStaff: null,
        start: '2031-03-04T10:00:00.000Z',
        from: null,
        text: 'About a new identity',
      },
      {
        kind: 'moved',
        byStaff: null,
        start: '2031-03-04T11:00:00.000Z',
        from: '2031-03-04T10:00:00.000Z',
        text: '',
      },
    ]);
  });

  it("tells a visitor's cancellation with their reason", async () => {
    const { booking, leadId } = await bookAt(subject.store, '10:00');
    await subject.store.bookings.cancel(booking.id, null, { reason: 'Our launch moved.' });

    const [, cancelled] = told(await eventsOf(subject.store, leadId));
    expect(cancelled).toEqual({
      kind: 'cancelled',
      byStaff: null,
      start: '2031-03-04T10:00:00.000Z',
      from: null,
      text: 'Our launch moved.',
    });
  });

  it('tells a cancellation by staff by their name, with their words to the visitor', async () => {
    const { booking, leadId } = await bookAt(subject.store, '10:00');
    await subject.store.bookings.cancel(booking.id, 'I am ill, sorry.', { by: 'Maya Chen' });

    const [, cancelled] = told(await eventsOf(subject.store, leadId));
    expect(cancelled).toMatchObject({
      kind: 'cancelled',
      byStaff: 'Maya Chen',
      text: 'I am ill, sorry.',
    });
  });

  it('tells each change once when its request comes again', async () => {
    const first = await bookAt(subject.store, '10:00');
    const replayed = await subject.store.bookings.book(newBooking(timeAt('10:00')));
    expect(replayed.kind).toBe('replayed');
    const { id } = first.booking;
    await subject.store.bookings.reschedule(id, timeAt('11:00'));
    const again = await subject.store.bookings.reschedule(id, timeAt('11:00'));
    expect(again).toMatchObject({ kind: 'moved', booking: { sequence: 1 } });
    await subject.store.bookings.cancel(id, null, { reason: 'Our launch moved.' });
    expect((await subject.store.bookings.cancel(id, null, { reason: 'Again.' })).kind).toBe('gone');

    const events = await eventsOf(subject.store, first.leadId);
    expect(events.map((event) => event.kind)).toEqual(['booked', 'moved', 'cancelled']);
  });

  it("shows a joined call's events, and the reason's note, in the lead it joined", async () => {
    const person = 'jordan@example.com';
    const enquiry = await subject.store.saveEnquiry(
      newEnquiry({ message: { ...MESSAGE, email: person } }),
    );
    if (enquiry.kind !== 'created') throw new Error(`expected created, got ${enquiry.kind}`);
    const call = await bookAt(subject.store, '10:00', person);
    expect(call.leadId).toBe(enquiry.leadId);
    await bookAt(subject.store, '12:00', 'someone.else@example.com');

    await subject.store.bookings.cancel(call.booking.id, null, { reason: 'Our launch moved.' });

    const lead = await subject.store.leads.openLead(enquiry.leadId);
    expect(lead?.callEvents.map((event) => [event.bookingId, event.kind])).toEqual([
      [call.booking.id, 'booked'],
      [call.booking.id, 'cancelled'],
    ]);
    expect(lead?.notes.map((note) => note.text)).toEqual([
      `${MESSAGE.name} cancelled the call, saying: Our launch moved.`,
    ]);
  });
});

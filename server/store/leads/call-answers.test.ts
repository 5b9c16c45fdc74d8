import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Booking } from '../../booking/booking-types';
import {
  describeEachStore,
  MESSAGE,
  newEnquiry,
} from '../../../tests/server/helpers/store-fixtures';
import type { Store } from '../store';
import { incomingAnswer } from '../../../tests/server/helpers/incoming-answer';
import type { CalendarReply, IncomingMessage } from './import-message';

const EMAIL = 'jordan@example.com';

/** Jordan's answer to the call's email. */
function answer(change: Partial<IncomingMessage>): IncomingMessage {
  return incomingAnswer({
    from: EMAIL,
    to: 'hello@emberandink.example',
    subject: 'Re: Your call with Ember & Ink',
    text: 'See you then.',
    isAnswerToUs: true,
    ...change,
  });
}

/** Jordan's enquiry, then a call Jordan booked, which joined the enquiry's open lead. */
async function openLeadWithCall(store: Store): Promise<{ lead: string; booking: Booking }> {
  const saved = await store.saveEnquiry(newEnquiry({ message: { ...MESSAGE, email: EMAIL } }));
  if (saved.kind !== 'created') throw new Error('expected an enquiry');
  const start = new Date(Date.UTC(2031, 2, 4, 10));
  const end = new Date(start.getTime() + 30 * 60 * 1000);
  const booked = await store.bookings.book({
    start,
    end,
    blockedUntil: end,
    day: '2031-03-04',
    maxPerDay: 8,
    lead: newEnquiry({ message: { ...MESSAGE, email: 'jordan@Example.COM' } }),
    name: MESSAGE.name,
    email: 'jordan@Example.COM',
    note: '',
  });
  if (booked.kind !== 'booked') throw new Error('expected a call');
  expect(booked.leadId).toBe(saved.leadId);
  return { lead: saved.leadId, booking: booked.booking };
}

async function answersOn(store: Store, lead: string) {
  const thread = (await store.leads.openLead(lead))?.thread ?? [];
  return thread
    .filter((message) => message.direction === 'in' && !message.isThroughTheSite)
    .map(({ text, calendarAnswer }) => ({ text, calendarAnswer }));
}

describeEachStore("answers to a call's emails", (subject) => {
  it("files an answer naming only the call's email under the lead the call joined", async () => {
    const { lead, booking } = await openLeadWithCall(subject.store);
    const outcome = await subject.store.leads.importMessage(answer({ bookingIds: [booking.id] }));
    expect(outcome).toBe('stored');
    // Unread until the lead is opened, as any answer is.
    expect((await subject.store.leads.summarizeLeads([lead])).get(lead)?.hasNewReply).toBe(true);
    expect(await answersOn(subject.store, lead)).toEqual([
      { text: 'See you then.', calendarAnswer: null },
    ]);
  });

  it("files an answer naming the joined call's own enquiry under the lead", async () => {
    const { lead, booking } = await openLeadWithCall(subject.store);
    const joined = answer({ rootEnquiryIds: [booking.enquiryId], text: 'About the call.' });
    expect(booking.enquiryId).not.toBe(lead);
    expect(await subject.store.leads.importMessage(joined)).toBe('stored');
    expect(await answersOn(subject.store, lead)).toEqual([
      { text: 'About the call.', calendarAnswer: null },
    ]);
  });

  it("files a calendar's reply by the call's UID alone, with what it answered", async () => {
    const { lead, booking } = await openLeadWithCall(subject.store);
    const reply: CalendarReply = { uid: booking.uid, attendee: EMAIL, answer: 'accepted' };
    const accepted = answer({ calendarReply: reply, text: '', isAnswerToUs: false });
    expect(await subject.store.leads.importMessage(accepted)).toBe('stored');
    const declined = answer({ calendarReply: { ...reply, answer: 'declined' }, text: '' });
    expect(await subject.store.leads.importMessage(declined)).toBe('stored');
    expect(await answersOn(subject.store, lead)).toEqual([
      { text: '', calendarAnswer: 'accepted' },
      { text: '', calendarAnswer: 'declined' },
    ]);
  });

  it("takes no calendar reply from another attendee, nor one whose UID is no call's", async () => {
    const { lead, booking } = await openLeadWithCall(subject.store);
    const stranger = answer({
      from: 'mallory@else.example',
      calendarReply: { uid: booking.uid, attendee: 'mallory@else.example', answer: 'declined' },
    });
    expect(await subject.store.leads.importMessage(stranger)).toBe('unmatched');
    const unknown = answer({
      calendarReply: { uid: `nul\0${randomUUID()}`, attendee: EMAIL, answer: 'declined' },
    });
    expect(await subject.store.leads.importMessage(unknown)).toBe('unmatched');
    // Threaded by its headers, a stranger's reply is kept, but says nothing of the visitor.
    const forwarded = answer({
      ...stranger,
      messageId: '<fwd@else.example>',
      bookingIds: [booking.id],
    });
    expect(await subject.store.leads.importMessage(forwarded)).toBe('stored');
    expect(await answersOn(subject.store, lead)).toEqual([
      { text: 'See you then.', calendarAnswer: null },
    ]);
  });
});

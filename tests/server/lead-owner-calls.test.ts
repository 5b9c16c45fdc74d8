import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Booking } from '../../server/booking/booking-types';
import { newEnquiry } from './helpers/store-fixtures';
import { INBOX_BACKENDS, startInboxApp, type InboxApp } from './helpers/start-inbox-app';

const ANA = 'ana@emberandink.example';
/** The inbox app's MAIL_TO. */
const STUDIO_INBOX = 'hello@emberandink.example';
const HALF_HOUR_MS = 30 * 60 * 1000;

/** A 30-minute call at `start`, in a future far enough from any other test's. */
function callAt(start: string) {
  const startAt = new Date(start);
  const end = new Date(startAt.getTime() + HALF_HOUR_MS);
  return { start: startAt, end, blockedUntil: end, day: start.slice(0, 10), maxPerDay: 8 };
}

function recipientsOf(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to === undefined ? [] : [mail.to];
  return to.flatMap((group) => group.value.map((entry) => entry.address ?? ''));
}

/** The one event of the email's `text/calendar` part, as a calendar reads it. */
function eventOf(mail: ParsedMail) {
  const part = mail.attachments.find((attachment) => attachment.contentType === 'text/calendar');
  if (part === undefined) throw new Error('expected an invitation');
  const calendar = new ICAL.Component(ICAL.parse(part.content.toString('utf8')) as unknown[]);
  const [event] = calendar.getAllSubcomponents('vevent');
  if (event === undefined) throw new Error('expected an event');
  return { method: calendar.getFirstPropertyValue('method'), event };
}

describe.each(INBOX_BACKENDS)("a call on a lead, told to the lead's owner ($name)", (backend) => {
  let app: InboxApp;
  beforeEach(async () => {
    app = await startInboxApp(backend);
  });
  afterEach(() => app?.close());

  /** Fay writes, her lead is given to `owner`, and she books a call, which joins that lead. */
  async function bookOnOwnedLead(owner: string): Promise<{ leadId: string; call: Booking }> {
    await app.store.auth.createStaff(owner, new Date(), { name: 'Ana Reyes', role: 'member' });
    const leadId = await app.receive({ name: 'Fay', email: 'fay@example.com' });
    await app.store.leads.changeLead(leadId, { owner }, new Date());
    const booked = await app.store.bookings.book({
      ...callAt('2031-05-06T09:00:00.000Z'),
      lead: newEnquiry({
        message: { ...newEnquiry().message, name: 'Fay', email: 'fay@example.com' },
      }),
      name: 'Fay',
      email: 'fay@example.com',
      note: '',
    });
    if (booked.kind !== 'booked') throw new Error(`expected a booking, got ${booked.kind}`);
    return { leadId, call: booked.booking };
  }

  const mailTo = (address: string, subjectStart: string) =>
    app.mail.received.filter(
      (mail) => recipientsOf(mail).includes(address) && mail.subject?.startsWith(subjectStart),
    );

  it('puts the booked and the moved call in the owner’s calendar, beside the studio’s copy', async () => {
    const { leadId, call } = await bookOnOwnedLead(ANA);
    await expect.poll(() => mailTo(ANA, 'Call booked: Fay').length).toBe(1);
    const [booked] = mailTo(ANA, 'Call booked: Fay');
    if (booked === undefined) throw new Error('expected the owner’s email');
    expect(booked.text).toContain(`https://emberandink.example/studio?view=enquiry&id=${leadId}`);
    const invitation = eventOf(booked);
    expect(invitation.method).toBe('REQUEST');
    expect(invitation.event.getFirstPropertyValue('uid')).toBe(call.uid);
    expect(invitation.event.getFirstPropertyValue('sequence')).toBe(0);
    const attendees = invitation.event.getAllProperties('attendee');
    expect(attendees.map((attendee) => attendee.getFirstValue())).toEqual([
      'mailto:fay@example.com',
      `mailto:${ANA}`,
    ]);
    await expect.poll(() => mailTo(STUDIO_INBOX, 'Call booked: Fay').length).toBe(1);

    const moved = await app.store.bookings.reschedule(call.id, callAt('2031-05-07T09:00:00.000Z'));
    expect(moved.kind).toBe('moved');
    await expect.poll(() => mailTo(ANA, 'Call moved: Fay').length).toBe(1);
    const [update] = mailTo(ANA, 'Call moved: Fay');
    if (update === undefined) throw new Error('expected the owner’s email');
    const replaced = eventOf(update);
    expect(replaced.event.getFirstPropertyValue('uid')).toBe(call.uid);
    expect(replaced.event.getFirstPropertyValue('sequence')).toBe(1);
  });

  it('sends one copy to an owner whose address is the studio’s inbox', async () => {
    await bookOnOwnedLead(STUDIO_INBOX);
    await expect.poll(() => mailTo(STUDIO_INBOX, 'Call booked: Fay').length).toBe(1);
    // Every email of the call has left the outbox: none more is on its way.
    await expect.poll(async () => (await app.store.readOutboxBacklog()).count).toBe(0);
    expect(mailTo(STUDIO_INBOX, 'Call booked: Fay')).toHaveLength(1);
    const [only] = mailTo(STUDIO_INBOX, 'Call booked: Fay');
    const attendees = only === undefined ? [] : eventOf(only).event.getAllProperties('attendee');
    expect(attendees.map((attendee) => attendee.getFirstValue())).toContain(
      `mailto:${STUDIO_INBOX}`,
    );
  });
});

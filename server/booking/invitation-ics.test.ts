import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import { createTransport } from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { createStudioFormat } from '../../common/studio-format';
import type { Booking } from './booking-types';
import { composeBookingEmail, type BookingEmailSite } from '../mail/compose-booking-email';
import type { BookingEmail } from '../store/bookings/booking-repository-types';
import { foldLine, writeInvitation } from './invitation-ics';

const HOSTILE_NAME = 'Ann, "Lee"; \\ ^ Chief\nATTENDEE:mailto:evil@example.com';
const HOSTILE_NOTE =
  'Line one;\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:forged\nORGANIZER:mailto:evil@example.com, and ünïcödé '.repeat(
    3,
  );

const BOOKING: Booking = {
  id: 'b-1',
  enquiryId: 'e-1',
  name: HOSTILE_NAME,
  email: 'ann@example.com',
  note: HOSTILE_NOTE,
  start: new Date('2031-03-04T10:00:00.000Z'),
  end: new Date('2031-03-04T10:30:00.000Z'),
  state: 'confirmed',
  uid: 'uid-1@booking.emberandink',
  sequence: 3,
  createdAt: new Date('2031-03-01T09:00:00.000Z'),
  visitorTimeZone: null,
  phone: null,
  cancelReason: null,
  meetingRoom: null,
};

const SITE: BookingEmailSite = {
  from: 'Ember & Ink website <website@emberandink.example>',
  replyFrom: 'hello@emberandink.example',
  replyTo: 'reply+TOKENTOKENTOKENTOKENTOKENTOKEN@emberandink.example',
  to: 'studio@emberandink.example',
  siteOrigin: 'https://emberandink.example',
  timeZone: 'Europe/London',
  sentAt: new Date('2031-03-01T09:00:05.000Z'),
  meeting: { kind: 'link', url: 'https://meet.example/ember-ink' },
  format: createStudioFormat({ locale: 'en-GB', currency: 'GBP', timeZone: 'Europe/London' }),
};

/** The email as an SMTP server would receive it, parsed back. */
async function sendAndParse(email: BookingEmail, link: string | null, site = SITE) {
  const transport = createTransport({ streamTransport: true, buffer: true });
  const composed = composeBookingEmail('job-1', email, site, link);
  if (composed === null) throw new Error('expected an email');
  const sent = await transport.sendMail(composed);
  const mail = await simpleParser(sent.message);
  const calendar = mail.attachments.find((part) => part.contentType === 'text/calendar');
  return { mail, calendar };
}

function readEvent(ics: string) {
  const component = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  const events = component.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  const [event] = events;
  if (event === undefined) throw new Error('no event');
  return { component, event };
}

describe('the invitation', () => {
  it('keeps a hostile name and note inside their own values: one event, one attendee', () => {
    const ics = writeInvitation({
      method: 'REQUEST',
      uid: BOOKING.uid,
      sequence: 3,
      stamp: SITE.sentAt,
      start: BOOKING.start,
      end: BOOKING.end,
      organizer: { name: 'Ember & Ink', email: 'hello@emberandink.example' },
      attendee: { name: HOSTILE_NAME, email: BOOKING.email },
      summary: `Call: ${HOSTILE_NAME}`,
      description: HOSTILE_NOTE,
    });
    const { component, event } = readEvent(ics);
    expect(component.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(event.getFirstPropertyValue('uid')).toBe(BOOKING.uid);
    expect(event.getFirstPropertyValue('sequence')).toBe(3);
    expect(event.getFirstPropertyValue('description')).toBe(HOSTILE_NOTE.replace(/\r\n/g, '\n'));
    const attendees = event.getAllProperties('attendee');
    expect(attendees.map((attendee) => attendee.getFirstValue())).toEqual([
      'mailto:ann@example.com',
    ]);
    expect(attendees[0]?.getParameter('cn')).toBe(HOSTILE_NAME);
    expect(event.getAllProperties('organizer')).toHaveLength(1);
    expect(new Date(String(event.getFirstPropertyValue('dtstart'))).toISOString()).toBe(
      BOOKING.start.toISOString(),
    );
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it('folds a long line at 75 octets without splitting a character', () => {
    const line = `DESCRIPTION:${'é'.repeat(100)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    for (const part of folded) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
  });
});

const OWNER = { name: 'Ana Reyes', email: 'ana@emberandink.example' };

describe("the lead owner's booking emails", () => {
  it('invites the owner to the call as its host, with the same UID, SEQUENCE and video link', async () => {
    const moved = { ...BOOKING, name: 'Ann Lee', note: '', sequence: 5 };
    const email: BookingEmail = {
      event: 'update',
      leadId: 'lead-1',
      to: 'owner',
      booking: moved,
      message: null,
      by: null,
      owner: OWNER,
    };
    const { mail, calendar } = await sendAndParse(email, null);
    expect(mail.to).toMatchObject({ value: [{ address: OWNER.email }] });
    expect(mail.subject).toBe('Call moved: Ann Lee, 4 Mar 2031, 10:00–10:30');
    expect(mail.text).toContain('https://emberandink.example/studio?view=enquiry&id=lead-1');
    expect(calendar?.headers.get('content-type')).toMatchObject({
      params: { method: 'REQUEST' },
    });
    const { event } = readEvent(calendar?.content.toString('utf8') ?? '');
    expect(event.getFirstPropertyValue('uid')).toBe(BOOKING.uid);
    expect(event.getFirstPropertyValue('sequence')).toBe(5);
    expect(event.getFirstPropertyValue('url')).toBe('https://meet.example/ember-ink');
    const host = event
      .getAllProperties('attendee')
      .find((attendee) => attendee.getFirstValue() === `mailto:${OWNER.email}`);
    expect(host?.getParameter('partstat')).toBe('ACCEPTED');
    expect(host?.getParameter('rsvp')).toBe('FALSE');

    // The studio's own copy describes the same event: the owner is on it too.
    const studio = await sendAndParse({ ...email, to: 'studio' }, null);
    const studioEvent = readEvent(studio.calendar?.content.toString('utf8') ?? '').event;
    expect(
      studioEvent.getAllProperties('attendee').map((attendee) => attendee.getFirstValue()),
    ).toEqual(['mailto:ann@example.com', `mailto:${OWNER.email}`]);
  });

  it("is not sent to an owner who reads the studio's inbox, whose copy they have", () => {
    const email: BookingEmail = {
      event: 'invitation',
      leadId: 'lead-1',
      to: 'owner',
      booking: BOOKING,
      message: null,
      by: null,
      owner: { name: 'Studio', email: 'Studio@EmberAndInk.example' },
    };
    expect(composeBookingEmail('job-1', email, SITE, null)).toBeNull();
  });
});

describe('the booking emails', () => {
  it("gives the visitor the call's time in the studio's zone, the invitation and the manage link", async () => {
    const link = 'https://emberandink.example/booking/manage?token=abc';
    const { mail, calendar } = await sendAndParse(
      {
        event: 'invitation',
        leadId: 'lead-1',
        to: 'visitor',
        booking: BOOKING,
        message: null,
        by: null,
        owner: null,
      },
      link,
    );
    expect(mail.to).toMatchObject({ value: [{ address: 'ann@example.com' }] });
    expect(mail.text).toContain('Tuesday, 4 March 2031, 10:00–10:30 (Europe/London time)');
    expect(mail.text).toContain(link);
    expect(calendar?.contentType).toBe('text/calendar');
    expect(calendar?.headers.get('content-type')).toMatchObject({
      params: { method: 'REQUEST' },
    });
    const { event } = readEvent(calendar?.content.toString('utf8') ?? '');
    expect(event.getFirstPropertyValue('uid')).toBe(BOOKING.uid);
    expect(event.getFirstPropertyValue('sequence')).toBe(3);
  });

  it("cancels for both with METHOD:CANCEL and carries the studio's message to the visitor", async () => {
    const cancelled = { ...BOOKING, state: 'cancelled' as const, sequence: 4 };
    const { mail, calendar } = await sendAndParse(
      {
        event: 'cancellation',
        leadId: 'lead-1',
        to: 'visitor',
        booking: cancelled,
        message: 'We are away that week.',
        by: null,
        owner: null,
      },
      null,
    );
    expect(mail.subject).toContain('cancelled');
    expect(mail.text).toContain('We are away that week.');
    const { component, event } = readEvent(calendar?.content.toString('utf8') ?? '');
    expect(component.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(event.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(event.getFirstPropertyValue('sequence')).toBe(4);
    const studio = await sendAndParse(
      {
        event: 'cancellation',
        leadId: 'lead-1',
        to: 'studio',
        booking: cancelled,
        message: null,
        by: null,
        owner: null,
      },
      null,
    );
    expect(studio.mail.to).toMatchObject({ value: [{ address: SITE.to }] });
  });

  it('reminds the visitor without an invitation part, with the meeting and the manage link', async () => {
    const link = 'https://emberandink.example/booking/manage?token=abc';
    const { mail, calendar } = await sendAndParse(
      {
        event: 'reminder',
        leadId: 'lead-1',
        to: 'visitor',
        booking: BOOKING,
        message: null,
        by: null,
        owner: null,
      },
      link,
      { ...SITE, sentAt: new Date('2031-03-03T10:00:00.000Z') },
    );
    expect(mail.subject).toBe('Reminder: your call with Ember & Ink tomorrow at 10:00');
    expect(mail.text).toContain('https://meet.example/ember-ink');
    expect(mail.text).toContain(link);
    expect(calendar).toBeUndefined();
  });

  it("is the studio's: from REPLY_FROM, answered to the lead's thread, organized by the studio", async () => {
    const link = 'https://emberandink.example/booking/manage?token=abc';
    const { mail, calendar } = await sendAndParse(
      {
        event: 'invitation',
        leadId: 'lead-1',
        to: 'visitor',
        booking: BOOKING,
        message: null,
        by: null,
        owner: null,
      },
      link,
    );
    expect(mail.from?.value).toEqual([{ name: 'Ember & Ink', address: SITE.replyFrom }]);
    expect(mail.replyTo?.value).toEqual([{ name: 'Ember & Ink', address: SITE.replyTo }]);
    expect(mail.references).toBe('<enquiry-e-1@emberandink.example>');
    const { event } = readEvent(calendar?.content.toString('utf8') ?? '');
    const organizer = event.getFirstProperty('organizer');
    expect(organizer?.getFirstValue()).toBe(`mailto:${SITE.replyFrom}`);
    expect(organizer?.getParameter('cn')).toBe('Ember & Ink');
    expect(event.getFirstPropertyValue('location')).toBe('https://meet.example/ember-ink');
    expect(String(event.getFirstPropertyValue('url'))).toBe('https://meet.example/ember-ink');
    expect(String(event.getFirstPropertyValue('conference'))).toBe(
      'https://meet.example/ember-ink',
    );
    expect(String(event.getFirstPropertyValue('description'))).toContain(link);
  });

  it('puts a place in LOCATION and a phone call with the number, and no CONFERENCE', async () => {
    const place = { kind: 'place', address: '12 Kiln Lane, Bristol' } as const;
    const atPlace = await sendAndParse(
      {
        event: 'invitation',
        leadId: 'lead-1',
        to: 'visitor',
        booking: BOOKING,
        message: null,
        by: null,
        owner: null,
      },
      null,
      { ...SITE, meeting: place },
    );
    const { event } = readEvent(atPlace.calendar?.content.toString('utf8') ?? '');
    expect(event.getFirstPropertyValue('location')).toBe('12 Kiln Lane, Bristol');
    expect(event.getFirstProperty('conference')).toBeNull();
    expect(atPlace.mail.text).toContain('Where: 12 Kiln Lane, Bristol');
    const byPhone = await sendAndParse(
      {
        event: 'invitation',
        leadId: 'lead-1',
        to: 'visitor',
        booking: { ...BOOKING, phone: '+1 312 555 0100' },
        message: null,
        by: null,
        owner: null,
      },
      null,
      { ...SITE, meeting: { kind: 'phone' } },
    );
    expect(byPhone.mail.text).toContain('we will ring you on +1 312 555 0100');
  });

  it("gives a visitor elsewhere their own time beside the studio's", async () => {
    const { mail } = await sendAndParse(
      {
        event: 'invitation',
        leadId: 'lead-1',
        to: 'visitor',
        booking: { ...BOOKING, visitorTimeZone: 'America/Chicago' },
        message: null,
        by: null,
        owner: null,
      },
      null,
    );
    expect(mail.text).toContain(
      'Tuesday, 4 March 2031, 10:00–10:30 (Europe/London time); 04:00–04:30 your time in Chicago',
    );
  });

  it('comes in the name of the staff member who cancelled, with Reply-To the thread', async () => {
    const cancelled = { ...BOOKING, state: 'cancelled' as const, sequence: 4 };
    const { mail } = await sendAndParse(
      {
        event: 'cancellation',
        leadId: 'lead-1',
        to: 'visitor',
        booking: cancelled,
        message: null,
        by: 'Maya Chen',
        owner: null,
      },
      null,
    );
    expect(mail.from?.value).toEqual([
      { name: 'Maya Chen at Ember & Ink', address: SITE.replyFrom },
    ]);
    expect(mail.replyTo?.value).toEqual([{ name: 'Ember & Ink', address: SITE.replyTo }]);
  });

  it("gives the studio its copy in its own words and zone, with the visitor's time and a link to the lead, and no answer by email", async () => {
    const { mail } = await sendAndParse(
      {
        event: 'invitation',
        to: 'studio',
        leadId: 'lead-1',
        booking: { ...BOOKING, name: 'Jordan Reyes', visitorTimeZone: 'America/Chicago' },
        message: null,
        by: null,
        owner: null,
      },
      null,
      {
        ...SITE,
        format: createStudioFormat({ locale: 'en-US', currency: 'USD', timeZone: 'Europe/London' }),
      },
    );
    expect(mail.subject).toBe(
      'Call booked: Jordan Reyes, Mar 4, 2031, 10:00 AM–10:30 AM (4:00 AM–4:30 AM their time in Chicago)',
    );
    expect(mail.text).toContain(
      'Jordan Reyes booked a call for Mar 4, 2031, 10:00 AM–10:30 AM (4:00 AM–4:30 AM their time in Chicago).',
    );
    expect(mail.text).toContain(
      'Open the lead in the studio: https://emberandink.example/studio?view=enquiry&id=lead-1',
    );
    expect(mail.html).toContain(
      'href="https://emberandink.example/studio?view=enquiry&amp;id=lead-1"',
    );
    expect(mail.text).not.toMatch(/reply to this email/i);
    expect(mail.replyTo).toBeUndefined();
  });

  it("writes the visitor's time on the studio's 24-hour clock too, with their date when it is another day there", async () => {
    const { mail } = await sendAndParse(
      {
        event: 'invitation',
        to: 'studio',
        leadId: 'lead-1',
        booking: {
          ...BOOKING,
          name: 'Jordan Reyes',
          start: new Date('2031-03-04T04:30:00.000Z'),
          end: new Date('2031-03-04T05:00:00.000Z'),
          visitorTimeZone: 'America/Chicago',
        },
        message: null,
        by: null,
        owner: null,
      },
      null,
    );
    expect(mail.subject).toBe(
      'Call booked: Jordan Reyes, 4 Mar 2031, 04:30–05:00 (3 Mar 2031, 22:30–23:00 their time in Chicago)',
    );
  });

  it("reminds a Chicago visitor of a call at 00:30 their time as tomorrow, in their time beside the studio's", async () => {
    const { mail } = await sendAndParse(
      {
        event: 'reminder',
        to: 'visitor',
        leadId: 'lead-1',
        booking: {
          ...BOOKING,
          name: 'Jordan',
          start: new Date('2026-12-02T06:30:00.000Z'),
          end: new Date('2026-12-02T07:00:00.000Z'),
          visitorTimeZone: 'America/Chicago',
        },
        message: null,
        by: null,
        owner: null,
      },
      'https://emberandink.example/booking/manage?token=abc',
      // 23:30 on the 1st in Chicago, 05:30 on the 2nd in London.
      { ...SITE, sentAt: new Date('2026-12-02T05:30:00.000Z') },
    );
    expect(mail.subject).toBe('Reminder: your call with Ember & Ink tomorrow at 00:30 your time');
    expect(mail.text).toContain(
      'Wednesday, 2 December 2026, 06:30–07:00 (Europe/London time); 00:30–01:00 your time in Chicago',
    );
  });
});

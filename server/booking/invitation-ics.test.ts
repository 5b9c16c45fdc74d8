import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import { createTransport } from 'nodemailer';
import { describe, expect, it } from 'vitest';
import type { Booking } from './booking-types';
import { composeBookingEmail } from '../mail/compose-booking-email';
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
};

const SITE = {
  from: 'Ember & Ink <hello@emberandink.example>',
  to: 'studio@emberandink.example',
  siteOrigin: 'https://emberandink.example',
  timeZone: 'Europe/London',
  sentAt: new Date('2031-03-01T09:00:05.000Z'),
};

/** The email as an SMTP server would receive it, parsed back. */
async function sendAndParse(email: BookingEmail, link: string | null) {
  const transport = createTransport({ streamTransport: true, buffer: true });
  const sent = await transport.sendMail(composeBookingEmail('job-1', email, SITE, link));
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

describe('the booking emails', () => {
  it("gives the visitor the call's time in the studio's zone, the invitation and the manage link", async () => {
    const link = 'https://emberandink.example/booking/manage?token=abc';
    const { mail, calendar } = await sendAndParse(
      { event: 'invitation', to: 'visitor', booking: BOOKING, message: null },
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
        to: 'visitor',
        booking: cancelled,
        message: 'We are away that week.',
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
      { event: 'cancellation', to: 'studio', booking: cancelled, message: null },
      null,
    );
    expect(studio.mail.to).toMatchObject({ value: [{ address: SITE.to }] });
  });

  it('reminds the visitor without an invitation part', async () => {
    const { mail, calendar } = await sendAndParse(
      { event: 'reminder', to: 'visitor', booking: BOOKING, message: null },
      null,
    );
    expect(mail.subject).toMatch(/^Tomorrow: your call with Ember & Ink/);
    expect(calendar).toBeUndefined();
  });
});

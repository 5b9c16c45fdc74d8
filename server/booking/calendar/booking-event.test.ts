import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { Meeting } from '../../../common/booking-availability';
import type { Booking } from '../booking-types';
import { renderBookingEvent } from './booking-event';

const BOOKING: Booking = {
  id: 'b1',
  enquiryId: 'e1',
  name: 'Ada\r\nBEGIN:VEVENT\rATTENDEE:mailto:x@example.com',
  email: 'ada@example.com',
  note: 'Our budget is private',
  start: new Date('2026-12-01T10:00:00Z'),
  end: new Date('2026-12-01T10:30:00Z'),
  state: 'pending',
  uid: 'b1@bookings.emberandink.example',
  sequence: 3,
  createdAt: new Date('2026-11-26T12:00:00Z'),
  visitorTimeZone: null,
  phone: null,
  cancelReason: null,
  meetingRoom: null,
};

function render(booking = BOOKING, meeting?: Meeting) {
  const text = renderBookingEvent(booking, {
    stampedAt: new Date('2026-11-26T12:00:00Z'),
    siteOrigin: 'https://emberandink.example',
    meeting,
  });
  const event = ICAL.Component.fromString(text).getFirstSubcomponent('vevent');
  if (event === null) throw new Error('no event');
  return { text, event };
}

describe("a booking's event in the studio's calendar", () => {
  it('is one event, whatever line breaks the name holds', () => {
    const { text, event } = render();
    expect(text.match(/^BEGIN:VEVENT/gm)).toHaveLength(1);
    expect(text).not.toMatch(/^ATTENDEE/m);
    expect(event.getFirstPropertyValue('summary')).toBe(
      'Call with Ada\nBEGIN:VEVENT\nATTENDEE:mailto:x@example.com',
    );
  });

  it("carries the invitation's UID and SEQUENCE, UTC times, and holds the time while pending", () => {
    const { text, event } = render();
    expect(event.getFirstPropertyValue('uid')).toBe(BOOKING.uid);
    expect(event.getFirstPropertyValue('sequence')).toBe(3);
    expect(text).toMatch(/^DTSTART:20261201T100000Z\r$/m);
    expect(text).toMatch(/^DTEND:20261201T103000Z\r$/m);
    expect(event.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect(render({ ...BOOKING, state: 'confirmed' }).event.getFirstPropertyValue('status')).toBe(
      'CONFIRMED',
    );
  });

  it('names the client and links to the lead in the studio, and keeps no note', () => {
    const { text, event } = render({ ...BOOKING, name: 'Ada Quill', phone: '+44 20 7946 0000' });
    const description = String(event.getFirstPropertyValue('description'));
    expect(description).toContain('Ada Quill <ada@example.com>');
    expect(description).toContain('+44 20 7946 0000');
    expect(description).toContain('https://emberandink.example/studio?view=enquiry&id=e1');
    expect(event.getFirstPropertyValue('url')).toBe(
      'https://emberandink.example/studio?view=enquiry&id=e1',
    );
    expect(text, 'the client is named, never invited by the calendar').not.toMatch(/^ATTENDEE/m);
    expect(text).not.toContain('budget');
  });

  it("carries the call's own video room as its LOCATION and URL", () => {
    const room = 'emberink-0123456789abcdef0123456789abcdef';
    const { event } = render(
      { ...BOOKING, meetingRoom: room },
      {
        kind: 'room',
        base: 'https://meet.jit.si/',
      },
    );
    expect(event.getFirstPropertyValue('location')).toBe(`https://meet.jit.si/${room}`);
    expect(event.getFirstPropertyValue('url')).toBe(`https://meet.jit.si/${room}`);
    expect(String(event.getFirstPropertyValue('description'))).toContain(
      `Join the video call: https://meet.jit.si/${room}`,
    );
  });

  it('says where a call by phone or in person happens', () => {
    const byPhone = render({ ...BOOKING, phone: '+1 312 555 0100' }, { kind: 'phone' });
    expect(byPhone.event.getFirstPropertyValue('location')).toBe('Phone call to +1 312 555 0100');
    const inPerson = render(BOOKING, { kind: 'place', address: '1 Ink Lane, London' });
    expect(inPerson.event.getFirstPropertyValue('location')).toBe('1 Ink Lane, London');
  });
});

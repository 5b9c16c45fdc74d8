import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
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
};

function render(booking = BOOKING) {
  const text = renderBookingEvent(booking, {
    stampedAt: new Date('2026-11-26T12:00:00Z'),
    siteOrigin: 'https://emberandink.example',
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

  it('links to the lead in the studio and keeps no email address or note', () => {
    const { text, event } = render();
    expect(event.getFirstPropertyValue('url')).toBe(
      'https://emberandink.example/studio?view=enquiry&id=e1',
    );
    expect(text).not.toContain('ada@example.com');
    expect(text).not.toContain('budget');
  });
});

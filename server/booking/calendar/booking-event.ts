import ICAL from 'ical.js';
import type { Meeting } from '../../../common/booking-availability';
import { describeMeeting } from '../../../common/meeting-words';
import type { Booking } from '../booking-types';

/**
 * Marks the events this site writes. Their calls are in the bookings table, which the slot
 * rules read already; reading them back as busy as well would refuse a call moved to a time
 * next to its old one. Calendar servers keep X- properties as they were written.
 */
export const OWN_BOOKING_PROPERTY = 'x-ember-ink-booking';

/**
 * Text as iCalendar may carry it: ical.js escapes a line feed but leaves a carriage return
 * raw, which would end the line and let a note add properties of its own. Line breaks become
 * line feeds (escaped as `\n`), other control characters go.
 */
function plainText(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  return text.replace(/\r\n?/g, '\n').replace(/[\x00-\x08\x0B-\x1F\x7F]/g, '');
}

/**
 * A booking as an event in the studio's own calendar: the invitation's UID and SEQUENCE, so
 * the calendar app sees the invitation and this copy as one event; times in UTC, which every
 * server reads alike. It carries where the call happens (LOCATION, and a video room as URL),
 * who booked it (name, address and number in DESCRIPTION, never as an ATTENDEE, which would
 * have a scheduling calendar server email them) and the link to the lead in the studio. The
 * note stays in the store; forgetting the person removes this event too (0071). Its text is
 * escaped, so no name can add a line.
 */
export function renderBookingEvent(
  booking: Booking,
  context: { stampedAt: Date; siteOrigin: string; meeting: Meeting | undefined },
): string {
  const lead = `${context.siteOrigin}/studio?${new URLSearchParams({ view: 'enquiry', id: booking.enquiryId }).toString()}`;
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('prodid', '-//Ember & Ink//Bookings//EN');
  const event = new ICAL.Component('vevent');
  event.addPropertyWithValue('uid', booking.uid);
  event.addPropertyWithValue('sequence', booking.sequence);
  event.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(context.stampedAt, true));
  event.addPropertyWithValue('dtstart', ICAL.Time.fromJSDate(booking.start, true));
  event.addPropertyWithValue('dtend', ICAL.Time.fromJSDate(booking.end, true));
  event.addPropertyWithValue('summary', plainText(`Call with ${booking.name}`));
  const where = describeMeeting(context.meeting, booking);
  const client = [
    `Client: ${booking.name} <${booking.email}>`,
    ...(booking.phone === null ? [] : [`Phone: ${booking.phone}`]),
  ];
  const description = [
    ...client,
    ...(where === null ? [] : [where.text]),
    `The call's lead in the studio: ${lead}`,
  ];
  event.addPropertyWithValue('description', plainText(description.join('\n')));
  if (where !== null) event.addPropertyWithValue('location', plainText(where.location));
  // The studio joins from its calendar; without a room, the event opens the lead.
  event.addPropertyWithValue('url', where?.url ?? lead);
  // A call booked but not yet confirmed from its email holds the time all the same.
  event.addPropertyWithValue('status', booking.state === 'pending' ? 'TENTATIVE' : 'CONFIRMED');
  event.addPropertyWithValue('transp', 'OPAQUE');
  event.addPropertyWithValue(OWN_BOOKING_PROPERTY, booking.id);
  calendar.addSubcomponent(event);
  return `${calendar.toString()}\r\n`;
}

/**
 * A meeting invitation as RFC 5545 text with an RFC 5546 method: one VEVENT, times in UTC.
 * Every value that came from a person is escaped and every line folded here, so no name or note
 * can end a line and start a property of its own.
 */

export type InvitationMethod = 'REQUEST' | 'CANCEL';

export type Person = { name: string; email: string };

export type Invitation = {
  method: InvitationMethod;
  uid: string;
  /** Raised on every change, so calendars replace the older copy. */
  sequence: number;
  /** When this copy was made (DTSTAMP). */
  stamp: Date;
  start: Date;
  end: Date;
  organizer: Person;
  attendee: Person;
  /**
   * The staff member who takes the call (the lead's owner), listed as its chair who has
   * accepted: their calendar keeps the event as theirs, and asks them for no answer.
   */
  host?: Person;
  summary: string;
  description: string;
  /** Where the call happens, in words: a place's address, a phone call, a video room. */
  location?: string;
  /** A video room's address (URL and RFC 7986 CONFERENCE); checked https when the studio saved it. */
  conferenceUrl?: string;
};

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/** RFC 5545 3.3.11: a TEXT value with its backslashes, separators and line breaks escaped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * A quoted parameter value (a CN): RFC 6868's caret escapes for line breaks, quotes and carets,
 * and no other control character, so the value cannot leave its quotes or its line.
 */
function quotedParameter(value: string): string {
  const escaped = value
    .replace(/\^/g, '^^')
    .replace(/\r\n|\r|\n/g, '^n')
    .replace(/"/g, "^'")
    // eslint-disable-next-line no-control-regex -- dropping control characters is the point
    .replace(/[\u0000-\u001F\u007F]/g, '');
  return `"${escaped}"`;
}

/** 20261201T100000Z: a UTC DATE-TIME, to the second. */
export function formatUtc(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * RFC 5545 3.1: lines longer than 75 octets are folded with CRLF and a space, never inside a
 * UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

function calendarAddress(role: 'ORGANIZER' | 'ATTENDEE', person: Person, extra = ''): string {
  return `${role};CN=${quotedParameter(person.name)}${extra}:mailto:${person.email}`;
}

/** A URI value: the checked https address, parsed again so no line break can ride along. */
function uriValue(url: string): string {
  return new URL(url).href;
}

function whereLines({ location, conferenceUrl }: Invitation): string[] {
  const lines = location === undefined ? [] : [`LOCATION:${escapeText(location)}`];
  if (conferenceUrl === undefined) return lines;
  const uri = uriValue(conferenceUrl);
  return [
    ...lines,
    `URL:${uri}`,
    `CONFERENCE;VALUE=URI;FEATURE=AUDIO,VIDEO;LABEL=Video call:${uri}`,
  ];
}

export function writeInvitation(invitation: Invitation): string {
  const isCancel = invitation.method === 'CANCEL';
  const lines = [
    'BEGIN:VCALENDAR',
    'PRODID:-//Ember & Ink//Booking//EN',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    `METHOD:${invitation.method}`,
    'BEGIN:VEVENT',
    `UID:${escapeText(invitation.uid)}`,
    `SEQUENCE:${invitation.sequence}`,
    `DTSTAMP:${formatUtc(invitation.stamp)}`,
    `DTSTART:${formatUtc(invitation.start)}`,
    `DTEND:${formatUtc(invitation.end)}`,
    `SUMMARY:${escapeText(invitation.summary)}`,
    `DESCRIPTION:${escapeText(invitation.description)}`,
    ...whereLines(invitation),
    calendarAddress('ORGANIZER', invitation.organizer),
    calendarAddress(
      'ATTENDEE',
      invitation.attendee,
      `;ROLE=REQ-PARTICIPANT;PARTSTAT=${isCancel ? 'DECLINED' : 'NEEDS-ACTION'};RSVP=${isCancel ? 'FALSE' : 'TRUE'}`,
    ),
    ...(invitation.host === undefined
      ? []
      : [calendarAddress('ATTENDEE', invitation.host, ';ROLE=CHAIR;PARTSTAT=ACCEPTED;RSVP=FALSE')]),
    `STATUS:${isCancel ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

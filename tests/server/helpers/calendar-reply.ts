import { randomUUID } from 'node:crypto';

/** What a calendar app writes when someone answers an invitation: METHOD:REPLY, one attendee. */
export function calendarReplyText(reply: { uid: string; attendee: string; partstat: string }) {
  return [
    'BEGIN:VCALENDAR',
    'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
    'VERSION:2.0',
    'METHOD:REPLY',
    'BEGIN:VEVENT',
    'DTSTART:20310304T100000Z',
    'DTEND:20310304T103000Z',
    'DTSTAMP:20310301T090000Z',
    'ORGANIZER;CN=Ember & Ink:mailto:hello@emberandink.example',
    `UID:${reply.uid}`,
    `ATTENDEE;CN=Ann Lee;PARTSTAT=${reply.partstat}:mailto:${reply.attendee}`,
    'SEQUENCE:0',
    'SUMMARY:Call: Ann Lee and Ember & Ink',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/**
 * A calendar's "Accepted: …" email as Google Calendar sends it: a text part and the
 * `text/calendar; method=REPLY` part, and whatever `headers` add (none of In-Reply-To unless
 * given).
 */
export function calendarReplyMessage(
  reply: { from: string; to: string; uid: string; partstat: string },
  headers: Record<string, string> = {},
): string {
  const boundary = `b-${randomUUID()}`;
  const lines = Object.entries({
    'Message-ID': `<${randomUUID()}@calendar.example>`,
    Date: new Date().toUTCString(),
    From: reply.from,
    To: reply.to,
    Subject: 'Accepted: Call: Ann Lee and Ember & Ink',
    'MIME-Version': '1.0',
    'Content-Type': `multipart/alternative; boundary="${boundary}"`,
    ...headers,
  }).map(([name, value]) => `${name}: ${value}`);
  return [
    ...lines,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    `${reply.from} has answered this invitation.`,
    `--${boundary}`,
    'Content-Type: text/calendar; charset=utf-8; method=REPLY',
    '',
    calendarReplyText({ uid: reply.uid, attendee: reply.from, partstat: reply.partstat }),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

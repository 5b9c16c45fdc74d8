import { expect, it } from 'vitest';
import { calendarReplyText } from '../../tests/server/helpers/calendar-reply';
import { MAX_REPLY_BYTES, readCalendarReply, type CalendarPart } from './read-calendar-reply';

const UID = '6f1c2d3e-0000-4000-8000-000000000001@booking.emberandink';

function part(text: string, contentType = 'text/calendar'): CalendarPart {
  return { contentType, content: Buffer.from(text, 'utf8') };
}

const reply = (partstat: string, attendee = 'Ann@Example.com') =>
  part(calendarReplyText({ uid: UID, attendee, partstat }));

it('reads what the attendee answered to which event, the address in lower case', () => {
  expect(readCalendarReply([reply('ACCEPTED')])).toEqual({
    uid: UID,
    attendee: 'ann@example.com',
    answer: 'accepted',
  });
  expect(readCalendarReply([reply('DECLINED')])?.answer).toBe('declined');
  expect(readCalendarReply([reply('tentative')])?.answer).toBe('tentative');
});

it('finds the reply in an attached .ics file, as some mail apps send it', () => {
  const attached = { ...reply('ACCEPTED'), contentType: 'application/octet-stream' };
  expect(readCalendarReply([{ ...attached, filename: 'invite.ics' }])?.answer).toBe('accepted');
  expect(readCalendarReply([attached])).toBe(null);
});

it('takes no answer from an invitation, a reply that says nothing yet, or one without an address', () => {
  const request = calendarReplyText({
    uid: UID,
    attendee: 'ann@example.com',
    partstat: 'ACCEPTED',
  });
  expect(readCalendarReply([part(request.replace('METHOD:REPLY', 'METHOD:REQUEST'))])).toBe(null);
  expect(readCalendarReply([reply('NEEDS-ACTION')])).toBe(null);
  const noMailto = request.replace('mailto:ann@example.com', 'urn:uuid:1234');
  expect(readCalendarReply([part(noMailto)])).toBe(null);
});

it('passes over hostile calendar parts and still reads a good one beside them', () => {
  const huge = part(
    reply('ACCEPTED')
      .content.toString()
      .replace('SUMMARY:', `SUMMARY:${'x'.repeat(MAX_REPLY_BYTES)}`),
  );
  const nested = part(`${'BEGIN:VCALENDAR\r\n'.repeat(5_000)}METHOD:REPLY\r\n`);
  const garbage = part('\0\uFFFF not a calendar at all ;;;:::');
  expect(readCalendarReply([huge])).toBe(null);
  expect(readCalendarReply([nested])).toBe(null);
  expect(readCalendarReply([garbage, nested, reply('DECLINED')])?.answer).toBe('declined');
});

it('looks at no more than three calendar parts of one message', () => {
  const garbage = part('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
  expect(readCalendarReply([garbage, garbage, garbage, reply('ACCEPTED')])).toBe(null);
});

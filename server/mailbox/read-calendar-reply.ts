import ICAL from 'ical.js';
import type { CalendarAnswer } from '../../common/leads';
import type { CalendarReply } from '../store/leads/import-message';

/** The calendar parts a message may carry, as mailparser hands them over. */
export type CalendarPart = { contentType: string; filename?: string; content: Buffer };

/**
 * Larger than any reply a calendar writes (Google's and Outlook's are under 4 KB with their
 * time zones): a bigger part is no answer to an invitation and is not parsed.
 */
export const MAX_REPLY_BYTES = 64 * 1024;

/** The calendar parts looked at in one message; a reply carries one. */
const MAX_PARTS = 3;

const ANSWERS: Readonly<Record<string, CalendarAnswer>> = {
  ACCEPTED: 'accepted',
  DECLINED: 'declined',
  TENTATIVE: 'tentative',
};

function isCalendarPart(part: CalendarPart): boolean {
  const type = part.contentType.toLowerCase();
  return (
    type === 'text/calendar' ||
    type === 'application/ics' ||
    (part.filename?.toLowerCase().endsWith('.ics') ?? false)
  );
}

function readReply(text: string): CalendarReply | null {
  const calendar = ICAL.Component.fromString(text);
  if (calendar.name !== 'vcalendar') return null;
  const method = calendar.getFirstPropertyValue('method');
  if (typeof method !== 'string' || method.toUpperCase() !== 'REPLY') return null;
  const event = calendar.getFirstSubcomponent('vevent');
  const uid = event?.getFirstPropertyValue('uid');
  const attendee = event?.getFirstProperty('attendee');
  if (typeof uid !== 'string' || uid === '' || attendee == null) return null;
  const address = attendee.getFirstValue();
  const partstat = attendee.getParameter('partstat');
  if (typeof address !== 'string' || typeof partstat !== 'string') return null;
  const answer = ANSWERS[partstat.toUpperCase()];
  const mailto = /^mailto:(.+)$/i.exec(address.trim())?.[1];
  if (answer === undefined || mailto === undefined) return null;
  return { uid, attendee: mailto.toLowerCase(), answer };
}

/**
 * The first `METHOD:REPLY` among the message's calendar parts that says accepted, declined or
 * tentative; null when none does. A part too big, or one ical.js cannot read, is passed over:
 * the message is still an answer like any other, only not a calendar's.
 */
export function readCalendarReply(parts: readonly CalendarPart[]): CalendarReply | null {
  const candidates = parts
    .filter(isCalendarPart)
    .filter((part) => part.content.length <= MAX_REPLY_BYTES)
    .slice(0, MAX_PARTS);
  for (const part of candidates) {
    try {
      const reply = readReply(part.content.toString('utf8'));
      if (reply !== null) return reply;
    } catch {
      continue;
    }
  }
  return null;
}

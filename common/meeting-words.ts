import type { Meeting } from './booking-availability';

/**
 * Where a call happens, in the words every email, page and invitation uses: `text` a sentence
 * for a person, `location` the invitation's LOCATION, and a video room's `url` apart so each
 * can make it a link (and the invitation its URL and CONFERENCE).
 */
export type MeetingWords = { text: string; location: string; url: string | null };

export function describeMeeting(
  meeting: Meeting | undefined,
  phone: string | null,
): MeetingWords | null {
  switch (meeting?.kind) {
    case undefined:
      return null;
    case 'link':
      return {
        text: `Join the video call: ${meeting.url}`,
        location: meeting.url,
        url: meeting.url,
      };
    case 'phone':
      return phone === null
        ? { text: 'A phone call: we will ring you.', location: 'Phone call', url: null }
        : {
            text: `A phone call: we will ring you on ${phone}.`,
            location: `Phone call to ${phone}`,
            url: null,
          };
    case 'place':
      return { text: `Where: ${meeting.address}`, location: meeting.address, url: null };
  }
}

import type { Meeting } from './booking-availability';

/**
 * Where a call happens, in the words every email, page and invitation uses: `text` a sentence
 * for a person, `location` the invitation's LOCATION, and a video room's `url` apart so each
 * can make it a link (and the invitation its URL and CONFERENCE).
 */
export type MeetingWords = { text: string; location: string; url: string | null };

/** What of a booked call decides where it happens: its number to ring and its own room. */
export type CallPlace = { phone: string | null; meetingRoom: string | null };

/** A call's own room under the video service's address: `https://meet.jit.si/emberink-…`. */
export function roomUrlOf(base: string, room: string): string {
  const folder = base.endsWith('/') ? base : `${base}/`;
  return new URL(encodeURIComponent(room), folder).href;
}

const videoCall = (url: string): MeetingWords => ({
  text: `Join the video call: ${url}`,
  location: url,
  url,
});

/**
 * Where a booked call happens, for the people who booked it: its pages, emails and
 * invitation, and the studio's calendar.
 */
export function describeMeeting(
  meeting: Meeting | undefined,
  call: CallPlace,
): MeetingWords | null {
  switch (meeting?.kind) {
    case undefined:
      return null;
    case 'link':
      return videoCall(meeting.url);
    case 'room':
      return call.meetingRoom === null
        ? {
            text: 'A video call: the studio will send you its link.',
            location: 'Video call',
            url: null,
          }
        : videoCall(roomUrlOf(meeting.base, call.meetingRoom));
    case 'phone':
      return call.phone === null
        ? { text: 'A phone call: we will ring you.', location: 'Phone call', url: null }
        : {
            text: `A phone call: we will ring you on ${call.phone}.`,
            location: `Phone call to ${call.phone}`,
            url: null,
          };
    case 'place':
      return { text: `Where: ${meeting.address}`, location: meeting.address, url: null };
  }
}

/**
 * Where calls happen, as anyone may read it before booking: a video room is named but not
 * linked, so only the people who booked a call can join it.
 */
export function describeMeetingBeforeBooking(meeting: Meeting | undefined): MeetingWords | null {
  switch (meeting?.kind) {
    case 'link':
    case 'room':
      return {
        text: 'A video call: its link comes with your booking.',
        location: 'Video call',
        url: null,
      };
    default:
      return describeMeeting(meeting, { phone: null, meetingRoom: null });
  }
}

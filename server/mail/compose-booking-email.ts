import { escapeHtml } from '../../common/escape-html';
import { describeCallTime } from '../booking/describe-call-time';
import { writeInvitation, type InvitationMethod } from '../booking/invitation-ics';
import type { BookingEmail } from '../store/bookings/booking-repository-types';
import { senderDomain } from './compose-enquiry-email';
import type { OutgoingEmail } from './mail-transport';

export type BookingEmailSite = {
  /** The site's sender (MAIL_FROM): the invitation's organizer. */
  from: string;
  /** The studio's inbox (MAIL_TO): where the studio's copies go. */
  to: string;
  siteOrigin: string;
  /** STUDIO_TIME_ZONE: the zone every time in the words is given in. */
  timeZone: string;
  sentAt: Date;
};

const STUDIO_NAME = 'Ember & Ink';

/** The address alone of "Name <address>" or "address". */
function addressOf(mailbox: string): string {
  return /<([^<>]+)>\s*$/.exec(mailbox)?.[1]?.trim() ?? mailbox.trim();
}

type Words = { subject: string; lead: string; method: InvitationMethod | null };

function wordsFor(email: BookingEmail, when: string): Words {
  const { name } = email.booking;
  const toVisitor = email.to === 'visitor';
  switch (email.event) {
    case 'invitation':
      return toVisitor
        ? {
            subject: `Your call with ${STUDIO_NAME}: ${when}`,
            lead: `Thank you, ${name}. Your call with ${STUDIO_NAME} is booked for ${when}. The invitation is attached, so your calendar can keep it.`,
            method: 'REQUEST',
          }
        : {
            subject: `Call booked: ${name}, ${when}`,
            lead: `${name} booked a call for ${when}. It is also a lead in the inbox.`,
            method: 'REQUEST',
          };
    case 'update':
      return toVisitor
        ? {
            subject: `Your call with ${STUDIO_NAME} moved: ${when}`,
            lead: `Your call with ${STUDIO_NAME} is now on ${when}. The attached invitation replaces the earlier one.`,
            method: 'REQUEST',
          }
        : {
            subject: `Call moved: ${name}, ${when}`,
            lead: `${name} moved their call to ${when}.`,
            method: 'REQUEST',
          };
    case 'cancellation':
      return toVisitor
        ? {
            subject: `Your call with ${STUDIO_NAME} is cancelled: ${when}`,
            lead: `Your call with ${STUDIO_NAME} on ${when} is cancelled. You are welcome to book another time whenever suits you.`,
            method: 'CANCEL',
          }
        : {
            subject: `Call cancelled: ${name}, ${when}`,
            lead: `The call with ${name} on ${when} is cancelled.`,
            method: 'CANCEL',
          };
    case 'reminder':
      return {
        subject: `Tomorrow: your call with ${STUDIO_NAME}, ${when}`,
        lead: `A reminder, ${name}: your call with ${STUDIO_NAME} is on ${when}. To cancel or pick another time, use the link in your invitation.`,
        method: null,
      };
  }
}

/**
 * One email about a booked call, to the visitor or to the studio: words in the site's voice,
 * and for an invitation, a change or a cancellation a `text/calendar` part with that method.
 * The visitor's link to manage the call is passed in, minted as the email is sent; the
 * Message-ID holds the outbox job's id, so a re-send after a crash is shown once.
 */
export function composeBookingEmail(
  jobId: string,
  email: BookingEmail,
  site: BookingEmailSite,
  manageLink: string | null,
): OutgoingEmail {
  const { booking } = email;
  const when = describeCallTime(booking.start, booking.end, site.timeZone);
  const words = wordsFor(email, when);
  const paragraphs = [words.lead];
  if (email.message !== null && email.message !== '') {
    paragraphs.push(`A word from the studio:\n${email.message}`);
  }
  if (email.to === 'studio' && booking.note !== '') {
    paragraphs.push(`Their note:\n${booking.note}`);
  }
  if (manageLink !== null) {
    paragraphs.push(`To cancel or pick another time: ${manageLink}`);
  }
  paragraphs.push(`— ${STUDIO_NAME}`);
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`),
    manageLink === null
      ? ''
      : `<p><a href="${escapeHtml(manageLink)}">Cancel or pick another time</a></p>`,
    '</body></html>',
  ].join('\n');
  const studio = { name: STUDIO_NAME, email: addressOf(site.from) };
  const calendar =
    words.method === null
      ? {}
      : {
          icalEvent: {
            method: words.method,
            content: writeInvitation({
              method: words.method,
              uid: booking.uid,
              sequence: booking.sequence,
              stamp: site.sentAt,
              start: booking.start,
              end: booking.end,
              organizer: studio,
              attendee: { name: booking.name, email: booking.email },
              summary: `Call: ${booking.name} and ${STUDIO_NAME}`,
              description: booking.note === '' ? words.lead : `${words.lead}\n\n${booking.note}`,
            }),
          },
        };
  return {
    messageId: `<booking-${jobId}@${senderDomain(site.from)}>`,
    from: site.from,
    to: email.to === 'visitor' ? booking.email : site.to,
    subject: words.subject,
    text: paragraphs.join('\n\n'),
    html,
    ...calendar,
  };
}

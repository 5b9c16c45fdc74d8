import type { Meeting } from '../../common/booking-availability';
import { escapeHtml } from '../../common/escape-html';
import { describeMeeting } from '../../common/meeting-words';
import type { StudioFormat } from '../../common/studio-format';
import { zoneCityOf } from '../../common/zone-city';
import { describeDayOfCall, describeVisitorCallTime } from '../booking/describe-call-time';
import { writeInvitation, type InvitationMethod } from '../booking/invitation-ics';
import type { BookingEmail } from '../store/bookings/booking-repository-types';
import { enquiryMessageId, senderDomain } from './compose-enquiry-email';
import type { OutgoingEmail } from './mail-transport';
import { senderName } from './reply-text';
import { studioLeadLink } from './studio-lead-link';

export type BookingEmailSite = {
  /** The site's sender (MAIL_FROM): the studio's own copies come from it. */
  from: string;
  /** REPLY_FROM: the visitor's emails come from it, and it organizes the invitation. */
  replyFrom: string;
  /** The lead's tokened reply address (REPLY_ADDRESS set); null: answers go to REPLY_FROM. */
  replyTo: string | null;
  /** The studio's inbox (MAIL_TO): where the studio's copies go. */
  to: string;
  siteOrigin: string;
  /** STUDIO_TIME_ZONE: the zone every time is given in first. */
  timeZone: string;
  /** When the email is made: the reminder's "today" and "tomorrow" are counted from it. */
  sentAt: Date;
  /** Where calls happen, as the studio set it beside its hours. */
  meeting: Meeting | undefined;
  /** How the studio's own copies write a moment: as its screens do, in its locale and zone. */
  format: Pick<StudioFormat, 'dateTime' | 'date' | 'time' | 'inZone'>;
};

const STUDIO_NAME = 'Ember & Ink';

/** The address alone of "Name <address>" or "address". */
function addressOf(mailbox: string): string {
  return /<([^<>]+)>\s*$/.exec(mailbox)?.[1]?.trim() ?? mailbox.trim();
}

type Words = { subject: string; lead: string; method: InvitationMethod | null };

function wordsFor(email: BookingEmail, when: string, site: BookingEmailSite): Words {
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
            lead: `${name} booked a call for ${when}.`,
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
    case 'reminder': {
      const { booking } = email;
      const visitorZone = booking.visitorTimeZone ?? site.timeZone;
      const day = describeDayOfCall(booking.start, site.sentAt, visitorZone);
      const yours = visitorZone === site.timeZone ? '' : ' your time';
      return {
        subject: `Reminder: your call with ${STUDIO_NAME} ${day}${yours}`,
        lead: `A reminder, ${name}: your call with ${STUDIO_NAME} is ${day}${yours} (${when}).`,
        method: null,
      };
    }
  }
}

/**
 * The call's time as the studio's screens write it (its locale and zone), with the visitor's
 * beside it when their clock reads otherwise, written the same way: a studio on a 12-hour clock
 * reads "3:00 AM their time", not "03:00", and the visitor's date only when it is another day.
 */
function describeForStudio(
  start: Date,
  end: Date,
  visitorZone: string | null,
  site: BookingEmailSite,
): string {
  const { format } = site;
  const studio = `${format.dateTime(start)}–${format.time(end)}`;
  if (visitorZone === null) return studio;
  const theirs = format.inZone(visitorZone);
  if (theirs.dateTime(start) === format.dateTime(start)) return studio;
  const theirDay = theirs.date(start) === format.date(start) ? '' : `${theirs.date(start)}, `;
  const theirTimes = `${theirs.time(start)}–${theirs.time(end)}`;
  return `${studio} (${theirDay}${theirTimes} their time in ${zoneCityOf(visitorZone)})`;
}

/** Who a visitor's email is from: the studio, or the person who cancelled in its name. */
function visitorSender(email: BookingEmail, site: BookingEmailSite) {
  const isStaffCancel = email.event === 'cancellation' && email.by !== null;
  const name = isStaffCancel && email.by !== null ? senderName(email.by) : STUDIO_NAME;
  return { name, address: site.replyFrom };
}

/** `<booking-<call id>.<outbox job id>@<domain>>`: server/mailbox/read-incoming.ts reads it back. */
export function bookingMessageId(bookingId: string, jobId: string, from: string): string {
  return `<booking-${bookingId}.${jobId}@${senderDomain(from)}>`;
}

/**
 * One email about a booked call, to the visitor, to the studio or to the lead's owner (who, as
 * the call's host, is on the studio's invitations; null when the owner reads MAIL_TO, whose
 * copy they have, or is gone): words in the site's voice,
 * where the call happens, and for an invitation, a change or a cancellation a `text/calendar`
 * part with that method. The visitor's emails are the studio's: from REPLY_FROM, answered to
 * the lead's thread (Reply-To, and References naming the lead), and the invitation's organizer
 * is REPLY_FROM, so an RSVP or "can we move it?" reaches the studio. The visitor's link to
 * manage the call is passed in, minted as the email is sent. The Message-ID names the call,
 * so an answer naming only it (In-Reply-To, as Gmail and Outlook send) finds the call's lead
 * once the outbox row is gone, and the outbox job, so a re-send after a crash is shown once.
 */
export function composeBookingEmail(
  jobId: string,
  email: BookingEmail,
  site: BookingEmailSite,
  manageLink: string | null,
): OutgoingEmail | null {
  const { booking, owner } = email;
  // An owner who reads MAIL_TO has the studio's copy, which invites them already.
  const isOwnersInbox = owner?.email.toLowerCase() === addressOf(site.to).toLowerCase();
  if (email.to === 'owner' && (owner === null || isOwnersInbox)) return null;
  const toVisitor = email.to === 'visitor';
  const when = toVisitor
    ? describeVisitorCallTime(booking.start, booking.end, site.timeZone, booking.visitorTimeZone)
    : describeForStudio(booking.start, booking.end, booking.visitorTimeZone, site);
  const words = wordsFor(email, when, site);
  // The studio answers in the lead's thread, never by answering its own copy.
  const leadLink = toVisitor ? null : studioLeadLink(site.siteOrigin, email.leadId);
  const where = email.event === 'cancellation' ? null : describeMeeting(site.meeting, booking);
  const paragraphs = [words.lead];
  if (where !== null) paragraphs.push(where.text);
  if (email.message !== null && email.message !== '') {
    paragraphs.push(`A word from the studio:\n${email.message}`);
  }
  if (!toVisitor && booking.note !== '') paragraphs.push(`Their note:\n${booking.note}`);
  if (!toVisitor && email.event === 'cancellation' && booking.cancelReason !== null) {
    paragraphs.push(`Their reason:\n${booking.cancelReason}`);
  }
  if (manageLink !== null) paragraphs.push(`To cancel or pick another time: ${manageLink}`);
  if (leadLink !== null) paragraphs.push(`Open the lead in the studio: ${leadLink}`);
  paragraphs.push(`— ${STUDIO_NAME}`);
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`),
    where?.url == null ? '' : `<p><a href="${escapeHtml(where.url)}">Join the video call</a></p>`,
    manageLink === null
      ? ''
      : `<p><a href="${escapeHtml(manageLink)}">Cancel or pick another time</a></p>`,
    leadLink === null
      ? ''
      : `<p><a href="${escapeHtml(leadLink)}">Open the lead in the studio</a></p>`,
    '</body></html>',
  ].join('\n');
  const description = [
    words.lead,
    ...(where === null ? [] : [where.text]),
    ...(booking.note === '' ? [] : [booking.note]),
    ...(manageLink === null ? [] : [`To cancel or pick another time: ${manageLink}`]),
  ].join('\n\n');
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
              organizer: { name: STUDIO_NAME, email: addressOf(site.replyFrom) },
              attendee: { name: booking.name, email: booking.email },
              ...(toVisitor || owner === null ? {} : { host: owner }),
              summary: `Call: ${booking.name} and ${STUDIO_NAME}`,
              description,
              ...(where === null ? {} : { location: where.location }),
              ...(where?.url == null ? {} : { conferenceUrl: where.url }),
            }),
          },
        };
  const addressing = toVisitor
    ? {
        from: visitorSender(email, site),
        to: booking.email,
        replyTo: { name: STUDIO_NAME, address: site.replyTo ?? addressOf(site.replyFrom) },
        // An answer names the lead's first message, so it joins the lead's thread even where
        // the tokened Reply-To is not set up.
        references: [enquiryMessageId(booking.enquiryId, site.from)],
      }
    : { from: site.from, to: email.to === 'owner' && owner !== null ? owner.email : site.to };
  return {
    messageId: bookingMessageId(booking.id, jobId, site.from),
    ...addressing,
    subject: words.subject,
    text: paragraphs.join('\n\n'),
    html,
    ...calendar,
  };
}

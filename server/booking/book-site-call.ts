import type { BookingRequest } from '../../common/booking-request';
import { ALTCHA_FIELD, MIN_FILL_MS } from '../../common/challenge';
import { HONEYPOT_FIELD } from '../../common/contact';
import type { AttributeVisit, Sender } from '../audience/attribute-visit';
import { limitSubjectOf } from '../http/ip-address';
import type { Log } from '../log';
import type { Challenges, VerifiedChallenge } from '../spam/challenges';
import { judgeSubmission, type SpamVerdict } from '../spam/spam-verdict';
import type { NewEnquiry } from '../store/enquiries/enquiry-types';
import { bookCall, type BookingServiceDeps, type BookOutcome } from './booking-service';

export type SiteBookingDeps = {
  service: BookingServiceDeps;
  /** Keeps the visit the booking came from with its lead (the audience). */
  attributeEnquiry: AttributeVisit;
  /** Wakes the outbox worker: the invitations are queued. */
  onBooked: () => void;
  log: Log;
};

/** A visitor's booking as the site received it, already judged for spam. */
export type SiteBooking = {
  request: BookingRequest;
  isSpam: boolean;
  /** The proof of work as verified; a solved one is spent with the lead. */
  challenge: VerifiedChallenge;
  sender: Sender;
  idempotency: NewEnquiry['idempotency'];
};

const USER_AGENT_MAX = 512;

/** A booking's spam signals: its proof of work, verified, and the verdict on the whole post. */
export async function judgeBooking(
  challenges: Pick<Challenges, 'verify'>,
  request: BookingRequest,
  now: number,
): Promise<{ challenge: VerifiedChallenge; verdict: SpamVerdict }> {
  const challenge = await challenges.verify(request[ALTCHA_FIELD]);
  const verdict = judgeSubmission({
    challenge,
    honeypot: request[HONEYPOT_FIELD],
    message: request.note,
    minFillMs: MIN_FILL_MS.booking,
    now,
  });
  return { challenge, verdict };
}

/**
 * A call booked from the site, by the JSON API or the page without script: the booking service,
 * then what a booking sets going (the log, the outbox, the audience). What the visitor is told
 * is the caller's to say.
 */
export async function bookSiteCall(
  deps: SiteBookingDeps,
  { request, isSpam, challenge, sender, idempotency }: SiteBooking,
): Promise<BookOutcome> {
  const outcome = await bookCall(deps.service, {
    start: request.start,
    name: request.name,
    email: request.email,
    note: request.note ?? '',
    clientSubject: limitSubjectOf(sender.address),
    visitorTimeZone: request.timeZone ?? null,
    phone: request.phone === undefined || request.phone === '' ? null : request.phone,
    lead: {
      isSpam,
      challenge: challenge.state === 'solved' ? challenge.claim : null,
      clientIp: sender.address,
      userAgent: sender.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      idempotency,
    },
  });
  if (outcome.kind === 'booked') {
    const { booking } = outcome;
    deps.log('info', 'call booked', { id: booking.id, enquiry: booking.enquiryId });
    deps.onBooked();
    // The visit is kept with the person's lead: one conversion, kept by its first visit.
    await deps.attributeEnquiry(outcome.leadId, sender);
  } else if (outcome.kind === 'replayed' || outcome.kind === 'spam') {
    deps.log('info', 'booking not made', { enquiry: outcome.enquiryId, spam: true });
  }
  return outcome;
}

import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { toFieldErrors } from '../../common/api';
import { BookingRequestSchema, type BookingRequest } from '../../common/booking-request';
import { HONEYPOT_FIELD } from '../../common/contact';
import { IDEMPOTENCY_HEADER } from '../../common/endpoints';
import type { AttributeVisit } from '../audience/attribute-visit';
import { bookSiteCall, judgeBooking } from '../booking/book-site-call';
import type { BookingServiceDeps } from '../booking/booking-service';
import type { Interval } from '../booking/booking-types';
import type { AppEnv } from '../http/app-env';
import type { Log } from '../log';
import type { Challenges } from '../spam/challenges';
import { guardApiRequest, refuse, senderOf, type GuardDeps } from './api-guard';
import { answerRefusedTime, CLIENT_FULL_HEADERS } from './booking-refusals';

export type BookingRouteDeps = GuardDeps & {
  service: BookingServiceDeps;
  challenges: Pick<Challenges, 'verify'>;
  /** Wakes the outbox worker: the invitations are queued. */
  onEmailsQueued: () => void;
  /** Keeps the visit the booking came from with its lead (the audience). */
  attributeEnquiry: AttributeVisit;
  log: Log;
};

const IDEMPOTENCY_KEY = /^[\x21-\x7E]{1,200}$/;
/** Hash of the parsed fields: a retry with the same key and body is answered as the first time. */
function hashBody(request: BookingRequest): string {
  const normalised = [
    request.start,
    request.name,
    request.email,
    request.note ?? '',
    request[HONEYPOT_FIELD] ?? '',
    request.timeZone ?? '',
    request.phone ?? '',
  ];
  return createHash('sha256')
    .update(JSON.stringify(['booking', ...normalised]))
    .digest('hex');
}

const asSlot = ({ start, end }: Interval) => ({
  start: start.toISOString(),
  end: end.toISOString(),
});

/**
 * POST /api/booking: the contact form's guards, spam check and rate limit, then the booking
 * service. The booking, its lead and its invitations are one transaction; a taken slot is a
 * 409 with the nearest free ones; a calendar that cannot be read a 503 (0070), never a 500.
 */
export function createBookingHandler(
  deps: BookingRouteDeps,
): (c: Context<AppEnv>) => Promise<Response> {
  const { respond } = deps;
  const siteBooking = { ...deps, onBooked: deps.onEmailsQueued };
  return async (c) => {
    const guarded = await guardApiRequest(c, deps);
    if (!guarded.ok) return guarded.response;
    const key = c.req.header(IDEMPOTENCY_HEADER) ?? null;
    if (key !== null && !IDEMPOTENCY_KEY.test(key)) {
      return refuse(deps, guarded.kind, 400, 'bad_idempotency_key');
    }
    const parsed = BookingRequestSchema.safeParse(guarded.body);
    if (!parsed.success) {
      const fieldErrors = toFieldErrors(parsed.error);
      return respond(422, { success: false, error: 'invalid_fields', fieldErrors });
    }
    const request = parsed.data;
    const { challenge, verdict } = await judgeBooking(deps.challenges, request, Date.now());
    const outcome = await bookSiteCall(siteBooking, {
      request,
      isSpam: verdict.isSpam,
      challenge,
      sender: senderOf(c, guarded.ip),
      idempotency: key === null ? null : { key, bodyHash: hashBody(request) },
    });
    switch (outcome.kind) {
      case 'booked':
        return respond(201, { success: true, id: outcome.booking.id, ...asSlot(outcome.booking) });
      case 'replayed':
      case 'spam': {
        // Spam gets the answer a booking would: a bot learns nothing from it.
        const id = outcome.booking?.id ?? outcome.enquiryId;
        return respond(201, { success: true, id, ...asSlot(outcome.slot) });
      }
      case 'idempotency_conflict':
        return respond(422, { success: false, error: 'idempotency_conflict' });
      case 'client_full':
        return refuse(deps, guarded.kind, 429, 'rate_limited', CLIENT_FULL_HEADERS);
      case 'phone_required': {
        const fieldErrors = { phone: 'required' } as const;
        return respond(422, { success: false, error: 'invalid_fields', fieldErrors });
      }
      default:
        return answerRefusedTime(respond, outcome);
    }
  };
}

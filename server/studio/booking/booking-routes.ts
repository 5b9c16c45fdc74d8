import type { Hono } from 'hono';
import * as z from 'zod/mini';
import { BOOKING_LIMITS } from '../../../common/booking-request';
import { CONTROL_CHARACTERS } from '../../../common/fields';
import type { Booking } from '../../booking/booking-types';
import { firstInstantReaching, readDay } from '../../booking/zoned-day';
import type { AudienceRepository } from '../../store/audience/audience-repository';
import type { BookingRepository } from '../../store/bookings/booking-repository-types';
import { isWellFormedId } from '../inbox/inbox-cursor';
import { readStudioBody } from '../read-studio-body';
import { requireStaff, type StudioEnv } from '../studio-env';
import type { StudioKit } from '../studio-kit';

/** A year of calls at most in one list. */
const RANGE_MAX_DAYS = 366;

const CancelSchema = z.strictObject({
  message: z.optional(
    z.string().check(
      z.refine((value) => !CONTROL_CHARACTERS.test(value)),
      z.trim(),
      z.maxLength(BOOKING_LIMITS.cancelMessage),
    ),
  ),
});

/** Where the visitor came from, as the lead keeps it: none for a visit not counted. */
type CallSource = { source: string | null; campaign: string | null };

function toBookingJson(booking: Booking) {
  return {
    id: booking.id,
    start: booking.start.toISOString(),
    end: booking.end.toISOString(),
    name: booking.name,
    email: booking.email,
    note: booking.note,
    state: booking.state,
    enquiryId: booking.enquiryId,
    visitorTimeZone: booking.visitorTimeZone,
    phone: booking.phone,
    cancelReason: booking.cancelReason,
  };
}

/** A call as the Bookings screen lists it: with its lead and where its visitor came from. */
function toListedCallJson(booking: Booking & { leadId: string }, from?: CallSource) {
  return {
    ...toBookingJson(booking),
    leadId: booking.leadId,
    source: from?.source ?? null,
    campaign: from?.campaign ?? null,
  };
}

/** The instants from the start of `from` to the end of `to`, days of the studio's zone. */
function readRange(params: URLSearchParams, timeZone: string): { from: Date; to: Date } | null {
  const from = readDay(params.get('from') ?? '');
  const to = readDay(params.get('to') ?? '');
  if (from === null || to === null) return null;
  const days = from.until(to, { largestUnit: 'days' }).days + 1;
  if (days < 1 || days > RANGE_MAX_DAYS) return null;
  return {
    from: new Date(firstInstantReaching(from, 0, timeZone)),
    to: new Date(firstInstantReaching(to.add({ days: 1 }), 0, timeZone)),
  };
}

/**
 * GET bookings?from&to (days of STUDIO_TIME_ZONE, both included): the calls, cancelled ones
 * too, earliest first, each with the source and campaign of the visit its lead came from. POST bookings/:id/cancel {message?}: the visitor is sent the
 * cancellation with the studio's words, in the canceller's name; a call that is over is not
 * cancelled (409 `call_over`); audited as `booking.cancel`.
 */
export function registerBookingRoutes(
  app: Hono<StudioEnv>,
  kit: StudioKit,
  deps: {
    bookings: BookingRepository;
    attributions: Pick<AudienceRepository, 'readAttributions'>;
    timeZone: string;
    onEmailsQueued: () => void;
    /** The staff member's name, which the cancellation to the visitor comes in. */
    nameOf: (email: string) => Promise<string>;
    now: () => Date;
  },
): void {
  const { respond } = kit;

  app.get('/bookings', async (c) => {
    const range = readRange(new URL(c.req.url).searchParams, deps.timeZone);
    if (range === null) return respond.error(400, 'invalid_request');
    const bookings = await deps.bookings.listBookings(range.from, range.to);
    const sources = await deps.attributions.readAttributions(
      bookings.map((booking) => booking.enquiryId),
    );
    return respond.json(200, {
      items: bookings.map((booking) => toListedCallJson(booking, sources.get(booking.enquiryId))),
    });
  });

  app.post('/bookings/:id/cancel', async (c) => {
    const id = c.req.param('id');
    if (!isWellFormedId(id)) return respond.error(400, 'invalid_request');
    const body = await readStudioBody(c.req.raw, CancelSchema, { limit: 16 * 1024, respond });
    if (!body.ok) return body.response;
    const message = body.value.message ?? '';
    const { email } = requireStaff(c);
    const now = deps.now();
    const result = await deps.bookings.cancel(id, message === '' ? null : message, {
      by: await deps.nameOf(email),
      now,
    });
    if (result.kind === 'gone') {
      const booking = await deps.bookings.getBooking(id);
      if (booking === null) return respond.error(404, 'not_found');
      return booking.state === 'cancelled'
        ? respond.error(409, 'already_cancelled')
        : respond.error(409, 'call_over');
    }
    deps.onEmailsQueued();
    await kit.audit(c, 'booking.cancel', email, id);
    return respond.json(200, { success: true, booking: toBookingJson(result.booking) });
  });
}

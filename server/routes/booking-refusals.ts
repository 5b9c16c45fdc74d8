import { CALENDAR_AWAY_WORDS } from '../../common/booking-words';
import type { TimeRefusal } from '../booking/booking-service';
import type { Interval } from '../booking/booking-types';
import type { JsonResponder } from '../http/api-responses';

const asSlots = (slots: readonly Interval[]) =>
  slots.map(({ start, end }) => ({ start: start.toISOString(), end: end.toISOString() }));

/**
 * A client that holds its most standing calls is answered 429 `rate_limited`, as a flood is:
 * it may book again once one of its calls is over or cancelled, an hour being a fair guess.
 */
export const CLIENT_FULL_HEADERS = { 'retry-after': '3600' };

/**
 * A time that cannot be had: 422 `invalid_slot` (not a slot at all, with the reason), 409
 * `slot_taken` with the nearest free slots to offer, or 503 `calendar_unavailable`.
 */
export function answerRefusedTime(respond: JsonResponder, refusal: TimeRefusal): Response {
  switch (refusal.kind) {
    case 'invalid_slot':
      return respond(422, { success: false, error: 'invalid_slot', reason: refusal.reason });
    case 'slot_taken':
      return respond(409, {
        success: false,
        error: 'slot_taken',
        reason: refusal.reason,
        nearest: asSlots(refusal.nearest),
      });
    case 'calendar_unavailable':
      return respond(
        503,
        { success: false, error: 'calendar_unavailable', message: CALENDAR_AWAY_WORDS },
        { 'retry-after': '60' },
      );
  }
}

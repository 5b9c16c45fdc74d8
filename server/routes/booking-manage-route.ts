import type { Context } from 'hono';
import { toFieldErrors } from '../../common/api';
import { ManageBookingRequestSchema } from '../../common/booking-request';
import {
  cancelByLink,
  rescheduleByLink,
  type BookingServiceDeps,
} from '../booking/booking-service';
import type { AppEnv } from '../http/app-env';
import type { Log } from '../log';
import { guardApiRequest, type GuardDeps } from './api-guard';
import { answerRefusedTime } from './booking-refusals';

export type BookingManageDeps = GuardDeps & {
  service: BookingServiceDeps;
  /** Wakes the outbox worker: the updated invitations or the cancellations are queued. */
  onEmailsQueued: () => void;
  log: Log;
};

const emptyAsNull = (text: string | undefined) => (text === undefined || text === '' ? null : text);

/**
 * POST /api/booking/manage: what the visitor's link may do, with the link's secret as the only
 * key: cancel the call (with the visitor's reason, if any, which goes on its lead), or move it
 * to another free slot. 404 for a link no call has, 410 once
 * the call is cancelled or over.
 */
export function createBookingManageHandler(
  deps: BookingManageDeps,
): (c: Context<AppEnv>) => Promise<Response> {
  const { respond } = deps;
  return async (c) => {
    const guarded = await guardApiRequest(c, deps);
    if (!guarded.ok) return guarded.response;
    const parsed = ManageBookingRequestSchema.safeParse(guarded.body);
    if (!parsed.success) {
      const fieldErrors = toFieldErrors(parsed.error);
      return respond(422, { success: false, error: 'invalid_fields', fieldErrors });
    }
    const request = parsed.data;
    const outcome =
      request.action === 'cancel'
        ? await cancelByLink(deps.service, request.token, emptyAsNull(request.reason))
        : await rescheduleByLink(deps.service, request.token, request.start);
    switch (outcome.kind) {
      case 'moved':
      case 'cancelled': {
        const { booking } = outcome;
        deps.log('info', `booking ${outcome.kind} by its link`, { id: booking.id });
        deps.onEmailsQueued();
        return outcome.kind === 'cancelled'
          ? respond(200, { success: true })
          : respond(200, {
              success: true,
              start: booking.start.toISOString(),
              end: booking.end.toISOString(),
            });
      }
      case 'not_found':
        return respond(404, { success: false, error: 'not_found' });
      case 'gone':
        return respond(410, { success: false, error: 'gone' });
      default:
        return answerRefusedTime(respond, outcome);
    }
  };
}

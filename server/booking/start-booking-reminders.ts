import { startTimedRounds, type TimedRounds } from '../clock/start-timed-rounds';
import type { Log } from '../log';
import type { BookingRepository } from '../store/bookings/booking-repository-types';

/** A reminder is queued within a minute of falling due (a day before the call). */
export const REMINDER_ROUND_MS = 60_000;

/**
 * Queues each call's reminder once it is due, every minute. Every instance runs it; the store's
 * conditional claim queues each reminder once however many look at the same moment.
 */
export function startBookingReminders(options: {
  bookings: Pick<BookingRepository, 'queueDueReminders'>;
  /** Wakes the outbox worker once reminders were queued. */
  onQueued: () => void;
  log: Log;
  now?: () => number;
  roundMs?: number;
}): TimedRounds {
  const now = options.now ?? Date.now;
  const roundMs = options.roundMs ?? REMINDER_ROUND_MS;
  return startTimedRounds({
    async runRound() {
      const queued = await options.bookings.queueDueReminders(new Date(now()));
      if (queued > 0) {
        options.log('info', 'booking reminders queued', { count: queued });
        options.onQueued();
      }
      return roundMs;
    },
    log: options.log,
    failureMessage: 'booking reminders could not be queued',
    retryMs: roundMs,
  });
}

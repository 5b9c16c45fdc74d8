import type { Log } from '../../log';
import { startTimedRounds, type TimedRounds } from '../../clock/start-timed-rounds';
import type { RetrySchedule, RetryScheduleOptions } from '../../mail/retry-schedule';
import type { Booking } from '../booking-types';
import type { CalendarWriter } from './caldav-writer';

/** A booking whose calendar copy is behind it, claimed for one write. */
export type CalendarCopyDue = { booking: Booking; attempts: number };

/** An event whose booking is gone (its person forgotten), claimed for one delete. */
export type CalendarRemovalDue = { uid: string; attempts: number };

type Failure = { error: string; nextAttemptAt: Date | null };

/**
 * The bookings' calendar state, kept by the database: each booking records the SEQUENCE last
 * written to the calendar, so a copy is behind whenever the booking's own is higher.
 */
export type CalendarCopies = {
  /**
   * Claims up to `limit` bookings whose copy is behind and due, each for `leaseMs`: another
   * instance passes them by until the lease runs out, so two never write one booking at once.
   */
  claimDueCalendarCopies(options: {
    now: Date;
    leaseMs: number;
    limit: number;
  }): Promise<CalendarCopyDue[]>;
  /** Records `sequence` as written, unless the booking has changed since (then it is due again). */
  markCalendarCopyWritten(id: string, sequence: number): Promise<void>;
  /** Records a failed attempt and when to try again (null: given up, logged). */
  markCalendarCopyFailed(id: string, failure: Failure): Promise<void>;
  /**
   * Claims up to `limit` due events to delete whose booking is gone, each for `leaseMs`, as
   * `claimDueCalendarCopies` claims bookings.
   */
  claimDueCalendarRemovals(options: {
    now: Date;
    leaseMs: number;
    limit: number;
  }): Promise<CalendarRemovalDue[]>;
  /** Forgets the event: it is gone from the calendar. */
  markCalendarRemovalDone(uid: string): Promise<void>;
  /** Records a failed delete and when to try again (null: given up, logged). */
  markCalendarRemovalFailed(uid: string, failure: Failure): Promise<void>;
};

/**
 * Retries come quickly at first, then every two to five minutes however long the calendar is
 * away, so its return is caught up within minutes; a write is given up (and logged as an
 * error) only after about a week of failures.
 */
export const CALENDAR_RETRY_SCHEDULE: RetryScheduleOptions = {
  baseDelayMs: 15_000,
  maxDelayMs: 5 * 60_000,
  maxAttempts: 3000,
};

export const CALENDAR_SYNC_DEFAULTS = {
  /** How soon a new booking, a reschedule or a cancel reaches the calendar. */
  pollIntervalMs: 5_000,
  /** Outlasts one write (the calendar's request timeout) many times over. */
  leaseMs: 60_000,
  batchSize: 10,
} as const;

/**
 * Keeps the studio's calendar in step with the bookings: in rounds, claims the bookings whose
 * copy is behind, writes each (PUT, or DELETE for a cancelled one), and marks it written; then
 * deletes the events whose booking went with a forgotten person. A
 * calendar that is down costs a retry, never a booking: the copy stays behind, and is caught
 * up when the calendar answers again.
 */
export function startCalendarSync(options: {
  copies: CalendarCopies;
  writer: CalendarWriter;
  schedule: RetrySchedule;
  log: Log;
  now?: () => Date;
  pollIntervalMs?: number;
  leaseMs?: number;
  batchSize?: number;
}): TimedRounds {
  const {
    copies,
    writer,
    schedule,
    log,
    now = () => new Date(),
    pollIntervalMs = CALENDAR_SYNC_DEFAULTS.pollIntervalMs,
    leaseMs = CALENDAR_SYNC_DEFAULTS.leaseMs,
    batchSize = CALENDAR_SYNC_DEFAULTS.batchSize,
  } = options;

  /** Runs one write; a failure is recorded with its retry's time, and logged. */
  async function attempt(
    write: () => Promise<void>,
    attempts: number,
    failed: (failure: Failure) => Promise<void>,
    logged: { message: string; fields: Record<string, string> },
  ): Promise<boolean> {
    try {
      await write();
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const nextAttemptAt = schedule.nextAttemptAt(attempts + 1, now());
      await failed({ error: reason, nextAttemptAt });
      log(nextAttemptAt === null ? 'error' : 'warn', logged.message, {
        ...logged.fields,
        reason,
        retryAt: nextAttemptAt?.toISOString() ?? null,
      });
      return false;
    }
  }

  async function writeOne({ booking, attempts }: CalendarCopyDue): Promise<void> {
    const written = await attempt(
      () => writer.write(booking),
      attempts,
      (failure) => copies.markCalendarCopyFailed(booking.id, failure),
      {
        message: 'a booking could not be written to the calendar',
        fields: { booking: booking.id },
      },
    );
    if (written) await copies.markCalendarCopyWritten(booking.id, booking.sequence);
  }

  async function removeOne({ uid, attempts }: CalendarRemovalDue): Promise<void> {
    const removed = await attempt(
      () => writer.remove(uid),
      attempts,
      (failure) => copies.markCalendarRemovalFailed(uid, failure),
      {
        message: "a forgotten call's event could not be removed from the calendar",
        fields: { uid },
      },
    );
    if (removed) await copies.markCalendarRemovalDone(uid);
  }

  return startTimedRounds({
    log,
    failureMessage: 'the calendar sync could not read the bookings',
    retryMs: pollIntervalMs,
    async runRound() {
      const due = await copies.claimDueCalendarCopies({ now: now(), leaseMs, limit: batchSize });
      for (const copy of due) await writeOne(copy);
      const removals = await copies.claimDueCalendarRemovals({
        now: now(),
        leaseMs,
        limit: batchSize,
      });
      for (const removal of removals) await removeOne(removal);
      // A full batch suggests more are waiting: the next round starts at once.
      return due.length === batchSize || removals.length === batchSize ? 0 : pollIntervalMs;
    },
  });
}

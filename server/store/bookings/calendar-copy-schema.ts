import type { Generated } from 'kysely';
import type { NullableTimestamp } from '../db/timestamps';

/**
 * Where a booking's copy in the studio's calendar stands (migration 0023, decision 0071): a
 * copy is behind whenever the booking's own `sequence` is higher than `calendar_sequence`.
 */
export type CalendarCopyColumns = {
  /** The SEQUENCE last written to the calendar; null: never written. */
  calendar_sequence: number | null;
  /** Failed writes since the last one that worked. */
  calendar_attempts: Generated<number>;
  /**
   * When the next write may start: a retry's time, or the end of a claim's lease. Null with no
   * error: due now; null with an error: given up.
   */
  calendar_next_attempt_at: NullableTimestamp;
  /** Why the last write failed; null once one worked. */
  calendar_error: string | null;
};

/**
 * A calendar event to delete whose booking is gone (migration 0029): named by its UID alone,
 * with the queue's state as the bookings keep it (null `next_attempt_at` with no error: due now;
 * with an error: given up).
 */
export type CalendarRemovalTable = {
  uid: string;
  attempts: Generated<number>;
  next_attempt_at: NullableTimestamp;
  error: string | null;
};

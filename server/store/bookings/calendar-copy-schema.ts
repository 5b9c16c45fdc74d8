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

/**
 * When a call's reminder goes (docs/decisions/0099): a day before a call booked further ahead;
 * an hour before one booked between a day and three hours ahead; none for a call nearer than
 * that, whose confirmation has just arrived and says everything a reminder would.
 */

const HOUR_MS = 3_600_000;

export const REMINDER_RULES = {
  dayBeforeMs: 24 * HOUR_MS,
  hourBeforeMs: HOUR_MS,
  /** Booked nearer than this: no reminder. */
  noneWithinMs: 3 * HOUR_MS,
} as const;

export function reminderTimeFor(start: Date, bookedAt: Date): Date | null {
  const ahead = start.getTime() - bookedAt.getTime();
  if (ahead >= REMINDER_RULES.dayBeforeMs) {
    return new Date(start.getTime() - REMINDER_RULES.dayBeforeMs);
  }
  if (ahead >= REMINDER_RULES.noneWithinMs) {
    return new Date(start.getTime() - REMINDER_RULES.hourBeforeMs);
  }
  return null;
}

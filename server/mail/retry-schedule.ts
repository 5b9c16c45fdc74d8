export type RetryScheduleOptions = {
  /** Delay before the first retry, before jitter. */
  baseDelayMs: number;
  /** Upper bound for any delay. */
  maxDelayMs: number;
  /** Total delivery attempts, the first one included; after that the email is failed. */
  maxAttempts: number;
  /** Returns a number in [0, 1); injectable so tests are deterministic. */
  random?: () => number;
};

export type RetrySchedule = {
  /** When to try again after `attemptsMade` failed attempts, or null to give up. */
  nextAttemptAt(attemptsMade: number, now: Date): Date | null;
};

export const DEFAULT_RETRY_SCHEDULE: RetryScheduleOptions = {
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  // Eight attempts within the first hour or so, then one every 30 to 60 minutes: an email is
  // given up two to four days after the enquiry, never within a day of the mail server being
  // gone (tests/server/mail-gone-for-a-day.test.ts).
  maxAttempts: 100,
};

/**
 * Exponential backoff with "equal jitter": the delay doubles per attempt up to the cap, and a
 * random half of it is added so that many emails failing together do not retry in lockstep,
 * while no retry comes sooner than half the nominal delay.
 */
export function createRetrySchedule({
  baseDelayMs,
  maxDelayMs,
  maxAttempts,
  random = Math.random,
}: RetryScheduleOptions): RetrySchedule {
  return {
    nextAttemptAt(attemptsMade, now) {
      if (attemptsMade >= maxAttempts) return null;
      const nominal = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attemptsMade - 1));
      const delay = nominal / 2 + random() * (nominal / 2);
      return new Date(now.getTime() + Math.round(delay));
    },
  };
}

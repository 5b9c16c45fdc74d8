import { startTimedRounds } from '../clock/start-timed-rounds';
import type { Log } from '../log';
import type { LeadRepository } from '../store/leads/lead-repository';
import { nextTimeAt, readWallClock } from './studio-clock';

/** The digest goes out at 08:00 on the studio's wall clock (STUDIO_TIME_ZONE). */
export const DIGEST_HOUR = 8;

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export type MorningDigest = {
  /** Clears the timer and waits for a round in progress. */
  stop(): Promise<void>;
};

export type MorningDigestOptions = {
  leads: Pick<LeadRepository, 'queueMorningDigests'>;
  /** STUDIO_TIME_ZONE. */
  timeZone: string;
  log: Log;
  /** Asks the outbox to send what was just queued instead of at its next poll. */
  nudgeOutbox: () => void;
  /** The wall clock; tests bring their own. */
  now?: () => number;
  /**
   * The longest single wait: the clock is read again at least this often, so a machine that
   * slept or whose clock was set still sends the day's digest within this long.
   */
  maxWaitMs?: number;
  /** The wait after a round that failed (the store was unavailable, say). */
  retryMs?: number;
};

/**
 * Queues each owner's morning digest at 08:00 in the studio's time zone. Every wait is measured
 * from the clock to the next 08:00 (never a fixed interval added up, which would drift, and
 * never past `maxWaitMs`); each wake-up reads the clock and acts only past 08:00 on a day this
 * instance has not done yet, so an early or repeated wake-up does nothing. An instance that
 * starts after 08:00 sends that day's digest if no instance did. Across instances the store's
 * claim row (day and owner) lets only one queue each digest (docs/decisions/0046-mailbox-watch.md,
 * "The morning digest").
 */
export function startMorningDigest(options: MorningDigestOptions): MorningDigest {
  const { leads, timeZone, log } = options;
  const now = options.now ?? Date.now;
  const maxWaitMs = options.maxWaitMs ?? HOUR_MS;
  const retryMs = options.retryMs ?? 5 * 60_000;
  let doneDay: string | null = null;

  /** Queues today's digests if it is past 08:00 and this instance has not yet. */
  async function round(): Promise<void> {
    const at = new Date(now());
    const clock = readWallClock(at, timeZone);
    if (clock.minuteOfDay < DIGEST_HOUR * 60 || clock.day === doneDay) return;
    const waitingBefore = new Date(at.getTime() - DAY_MS);
    const owners = await leads.queueMorningDigests({ day: clock.day, waitingBefore }, at);
    doneDay = clock.day;
    if (owners.length === 0) return;
    log('info', 'morning digests queued', { day: clock.day, digests: owners.length });
    options.nudgeOutbox();
  }

  return startTimedRounds({
    async runRound() {
      await round();
      const untilNext = nextTimeAt(new Date(now()), DIGEST_HOUR, timeZone).getTime() - now();
      // At least a second: a timer that fired a moment early must not spin.
      return Math.max(1_000, Math.min(maxWaitMs, untilNext));
    },
    log,
    failureMessage: 'morning digest failed, retrying',
    retryMs,
  });
}

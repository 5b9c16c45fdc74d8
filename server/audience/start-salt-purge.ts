import { startTimedRounds } from '../clock/start-timed-rounds';
import type { Log } from '../log';
import type { AudienceRepository } from '../store/audience/audience-repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export type SaltPurge = {
  /** Clears the timer and waits for a purge in progress. */
  stop(): Promise<void>;
};

export type SaltPurgeOptions = {
  audience: Pick<AudienceRepository, 'purgeDaySalts'>;
  log: Log;
  /** The wall clock; tests bring their own. */
  now?: () => number;
  /**
   * The longest single wait: the clock is read again at least this often, so a clock that was
   * set, or a salt an instance with a slower clock created late, is caught within this long.
   */
  maxWaitMs?: number;
  /** The wait after a purge that failed (the store was unavailable, say). */
  retryMs?: number;
};

/**
 * Deletes the day's salt when its UTC day ends, whether or not anyone visits: on start-up, at
 * each UTC midnight and at least every `maxWaitMs`. Each wait is measured from the clock to
 * the next midnight, never added up. Every instance purges; whichever comes second finds
 * nothing to delete (decision 0060). Its timer never keeps the process up.
 */
export function startSaltPurge(options: SaltPurgeOptions): SaltPurge {
  const { audience, log } = options;
  const now = options.now ?? Date.now;
  const maxWaitMs = options.maxWaitMs ?? HOUR_MS;
  const retryMs = options.retryMs ?? 60_000;
  return startTimedRounds({
    async runRound() {
      const deleted = await audience.purgeDaySalts(() => new Date(now()));
      if (deleted > 0) log('info', 'day salts deleted', { salts: deleted });
      // Never zero: at midnight exactly, the next one is a day away.
      return Math.min(maxWaitMs, DAY_MS - (now() % DAY_MS));
    },
    log,
    failureMessage: 'day salt purge failed, retrying',
    retryMs,
  });
}

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
  let isStopping = false;
  let wake: (() => void) | null = null;

  function rest(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });
  }

  async function run(): Promise<void> {
    while (!isStopping) {
      let waitMs: number;
      try {
        const deleted = await audience.purgeDaySalts(() => new Date(now()));
        if (deleted > 0) log('info', 'day salts deleted', { salts: deleted });
        // Never zero: at midnight exactly, the next one is a day away.
        waitMs = Math.min(maxWaitMs, DAY_MS - (now() % DAY_MS));
      } catch (error) {
        waitMs = retryMs;
        log('error', 'day salt purge failed, retrying', {
          reason: error instanceof Error ? error.message : String(error),
          retryInMs: retryMs,
        });
      }
      if (!isStopping) await rest(waitMs);
    }
  }

  const running = run();
  return {
    async stop() {
      isStopping = true;
      wake?.();
      await running;
    },
  };
}

import type { Log } from '../log';
import type { LimitRepository } from '../store/limits/limit-repository';

/** Counts live one window and spent solutions ten minutes: a minute's sweep keeps both small. */
export const LIMIT_SWEEP_INTERVAL_MS = 60_000;

export type LimitSweep = {
  /** Clears the timer and waits for a sweep in progress. */
  stop(): Promise<void>;
};

/**
 * Deletes expired attempt counts and spent solutions now and every minute, so the store holds
 * about one window of them however many clients came. The timer is unref'd; with several
 * instances each sweeps, and deleting what another already deleted is harmless.
 */
export function startLimitSweep(options: {
  store: Pick<LimitRepository, 'purgeExpiredLimits'>;
  log: Log;
  now?: () => number;
  intervalMs?: number;
}): LimitSweep {
  const now = options.now ?? Date.now;
  let running: Promise<void> = Promise.resolve();
  const sweep = (): void => {
    running = running.then(async () => {
      try {
        await options.store.purgeExpiredLimits(new Date(now()));
      } catch (error) {
        options.log('warn', 'limit sweep failed', {
          error: error instanceof Error ? error.message : String(error),
        });
      }
    });
  };
  sweep();
  const timer = setInterval(sweep, options.intervalMs ?? LIMIT_SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

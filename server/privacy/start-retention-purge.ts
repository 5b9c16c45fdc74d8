import type { Log } from '../log';
import type { Store } from '../store/store';
import { purgeExpired, type RetentionPolicy } from './purge-expired';

const DAY_MS = 24 * 60 * 60 * 1000;

export type RetentionPurge = {
  /** Clears the timer and waits for a purge in progress. */
  stop(): Promise<void>;
};

/**
 * Runs the purge now and then daily. The timer is unref'd so it never keeps the process up.
 * With several instances on one PostgreSQL each tries, and whichever holds the purge lock does
 * the work; the others skip that round.
 */
export function startRetentionPurge(options: {
  store: Store;
  dataDir: string;
  policy: RetentionPolicy;
  log: Log;
  now?: () => number;
  intervalMs?: number;
}): RetentionPurge {
  const { store, dataDir, policy, log } = options;
  const now = options.now ?? Date.now;
  let running: Promise<void> = Promise.resolve();

  function runOnce(): void {
    running = running.then(async () => {
      try {
        const report = await purgeExpired(store, dataDir, policy, new Date(now()));
        if (report === null) log('info', 'retention purge skipped: another instance is purging');
        else log('info', 'retention purge', { ...report });
      } catch (error) {
        log('error', 'retention purge failed', {
          error: error instanceof Error ? error.message : String(error),
        });
      }
    });
  }

  runOnce();
  const timer = setInterval(runOnce, options.intervalMs ?? DAY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

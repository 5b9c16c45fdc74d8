import { createNudgeableWait } from './nudgeable-wait';
import type { Log } from '../log';

export type TimedRounds = {
  /** Clears the timer and waits for a round in progress. */
  stop(): Promise<void>;
};

export type TimedRoundsOptions = {
  /** One round of work; resolves to how long to wait before the next, read from the clock. */
  runRound: () => Promise<number>;
  log: Log;
  /** Logged as an error, with the reason and `retryMs`, when a round throws. */
  failureMessage: string;
  /** The wait after a round that threw (the store was unavailable, say). */
  retryMs: number;
};

/**
 * Runs a round at once, then again after each wait the round asks for, until stopped. A round
 * that throws is logged and tried again after `retryMs`. Each wait is a fresh timer, so a
 * schedule measured from the clock never drifts; the timer never keeps the process up, and
 * `stop` cuts the wait short instead of waiting it out.
 */
export function startTimedRounds(options: TimedRoundsOptions): TimedRounds {
  const { runRound, log, failureMessage, retryMs } = options;
  const idle = createNudgeableWait({ keepsProcessUp: false });

  async function run(): Promise<void> {
    while (!idle.isStopping) {
      let waitMs: number;
      try {
        waitMs = await runRound();
      } catch (error) {
        waitMs = retryMs;
        log('error', failureMessage, {
          reason: error instanceof Error ? error.message : String(error),
          retryInMs: retryMs,
        });
      }
      await idle.wait(waitMs);
    }
  }

  const running = run();
  return {
    async stop() {
      idle.stop();
      await running;
    },
  };
}

/** A worker's wait between rounds, which a nudge or a stop cuts short. */
export type NudgeableWait = {
  /**
   * Resolves after `ms`, or at once when nudged or stopped. A nudge that came while the worker
   * was busy is kept for this wait, so work queued during a round never waits a whole interval.
   */
  wait: (ms: number) => Promise<void>;
  /** New work is there: the wait in progress, or the next one, ends now. */
  nudge: () => void;
  /** Ends the wait in progress and every later one; `isStopping` says so from then on. */
  stop: () => void;
  readonly isStopping: boolean;
};

/**
 * The waits of the outbox's and the letters' loops (server/mail, server/letters) and of timed
 * rounds (start-timed-rounds.ts). `keepsProcessUp: false` makes a waiting timer not keep Node
 * running on its own.
 */
export function createNudgeableWait({ keepsProcessUp = true } = {}): NudgeableWait {
  let isStopping = false;
  let isNudged = false;
  let wake: (() => void) | null = null;
  return {
    wait: (ms) => {
      if (isNudged || isStopping) {
        isNudged = false;
        return Promise.resolve();
      }
      return new Promise((resolve) => {
        const timer = setTimeout(finish, Math.max(0, ms));
        if (!keepsProcessUp) timer.unref();
        function finish() {
          clearTimeout(timer);
          wake = null;
          isNudged = false;
          resolve();
        }
        wake = finish;
      });
    },
    nudge: () => {
      isNudged = true;
      wake?.();
    },
    stop: () => {
      isStopping = true;
      wake?.();
    },
    get isStopping() {
      return isStopping;
    },
  };
}

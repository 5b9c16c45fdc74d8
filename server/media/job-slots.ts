/** Gives a slot back; calling it twice gives back one slot only. */
export type ReleaseSlot = () => void;

export type JobSlots = {
  /** A slot within `maxWaitMs`, or null: the caller then answers 503 rather than queue on. */
  acquire(): Promise<ReleaseSlot | null>;
  /** Jobs running now, for tests and metrics. */
  running(): number;
};

/**
 * At most `size` jobs at once, the rest waiting in order for at most `maxWaitMs`. Image work
 * runs on libuv's thread pool (four threads), which argon2 and compression share: with two
 * image jobs at most, sign-ins and publishes always find a free thread.
 */
export function createJobSlots(options: { size: number; maxWaitMs: number }): JobSlots {
  let running = 0;
  const waiting: ((release: ReleaseSlot) => void)[] = [];

  const release = (): ReleaseSlot => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = waiting.shift();
      if (next === undefined) running -= 1;
      else next(release());
    };
  };

  return {
    acquire() {
      if (running < options.size) {
        running += 1;
        return Promise.resolve(release());
      }
      return new Promise((resolve) => {
        const take = (slot: ReleaseSlot) => {
          clearTimeout(timer);
          resolve(slot);
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(take), 1);
          resolve(null);
        }, options.maxWaitMs);
        waiting.push(take);
      });
    },
    running: () => running,
  };
}

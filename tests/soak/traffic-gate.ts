/**
 * Lets the soak hold its mixed traffic while the bench measures `/`: a probe taken while eight
 * visitors share the server's core measures how the core was shared that second, not what the
 * process can still do, and the first-minute ÷ last-minute ratio is only about the latter.
 */
export type TrafficGate = {
  /** Runs `action` once the gate is open; a hold waits for it to finish. */
  pass(action: () => Promise<void>): Promise<void>;
  /** Closes the gate and resolves once no action is running. */
  hold(): Promise<void>;
  open(): void;
};

export function createTrafficGate(): TrafficGate {
  let closed: Promise<void> | null = null;
  let reopen = (): void => undefined;
  let running = 0;
  let onIdle: (() => void) | null = null;
  return {
    async pass(action) {
      while (closed !== null) await closed;
      running += 1;
      try {
        await action();
      } finally {
        running -= 1;
        if (running === 0) onIdle?.();
      }
    },
    async hold() {
      closed = new Promise((resolve) => (reopen = resolve));
      if (running > 0) await new Promise<void>((resolve) => (onIdle = resolve));
      onIdle = null;
    },
    open() {
      closed = null;
      reopen();
    },
  };
}

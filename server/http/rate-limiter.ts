export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type RateLimiter = { hit(key: string): RateLimitDecision };

/**
 * Fixed-window counter per key, in this process's memory. Behind several instances each one
 * counts separately (see docs/decisions/0002-server.md).
 */
export function createRateLimiter(options: {
  max: number;
  windowMs: number;
  now: () => number;
}): RateLimiter {
  const windows = new Map<string, { startedAt: number; count: number }>();
  let lastSweep = options.now();

  const sweep = (now: number): void => {
    if (now - lastSweep < options.windowMs) return;
    lastSweep = now;
    for (const [key, window] of windows) {
      if (now - window.startedAt >= options.windowMs) windows.delete(key);
    }
  };

  return {
    hit(key) {
      const now = options.now();
      sweep(now);
      const current = windows.get(key);
      if (current === undefined || now - current.startedAt >= options.windowMs) {
        windows.set(key, { startedAt: now, count: 1 });
        return { allowed: true };
      }
      current.count += 1;
      if (current.count <= options.max) return { allowed: true };
      const retryAfterMs = current.startedAt + options.windowMs - now;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
    },
  };
}

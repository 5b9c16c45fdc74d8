import { describe, expect, it } from 'vitest';
import { createRetrySchedule } from './retry-schedule';

const now = new Date('2025-03-01T12:00:00.000Z');

function delayAfter(attemptsMade: number, random: number, maxAttempts = 10): number | null {
  const schedule = createRetrySchedule({
    baseDelayMs: 1000,
    maxDelayMs: 16_000,
    maxAttempts,
    random: () => random,
  });
  const next = schedule.nextAttemptAt(attemptsMade, now);
  return next === null ? null : next.getTime() - now.getTime();
}

describe('retry schedule', () => {
  it('doubles the delay after each failed attempt', () => {
    expect([1, 2, 3, 4].map((attempts) => delayAfter(attempts, 1))).toEqual([
      1000, 2000, 4000, 8000,
    ]);
  });

  it('never waits longer than the cap', () => {
    expect(delayAfter(6, 1)).toBe(16_000);
    expect(delayAfter(9, 0.999)).toBeLessThanOrEqual(16_000);
  });

  it('spreads retries between half and all of the nominal delay', () => {
    expect(delayAfter(3, 0)).toBe(2000);
    expect(delayAfter(3, 0.5)).toBe(3000);
    expect(delayAfter(3, 0.999_999)).toBe(4000);
  });

  it('gives up once the attempt limit is reached', () => {
    expect(delayAfter(2, 0.5, 3)).not.toBeNull();
    expect(delayAfter(3, 0.5, 3)).toBeNull();
    expect(delayAfter(4, 0.5, 3)).toBeNull();
  });

  it('uses Math.random when no source is injected, staying inside the bounds', () => {
    const schedule = createRetrySchedule({ baseDelayMs: 1000, maxDelayMs: 16_000, maxAttempts: 5 });
    for (let run = 0; run < 50; run += 1) {
      const delay = (schedule.nextAttemptAt(2, now)?.getTime() ?? 0) - now.getTime();
      expect(delay).toBeGreaterThanOrEqual(1000);
      expect(delay).toBeLessThanOrEqual(2000);
    }
  });
});

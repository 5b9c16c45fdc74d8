import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LogFields, LogLevel } from '../log';
import { startTimedRounds, type TimedRounds } from './start-timed-rounds';

/** Rounds on a fake clock, each asking for the next wait in `waits` (the last one repeats). */
function roundsOf(waits: (number | Error)[]) {
  vi.useFakeTimers({ now: 0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const ranAt: number[] = [];
  const lines: { level: LogLevel; message: string; fields?: LogFields }[] = [];
  const rounds = startTimedRounds({
    runRound: () => {
      const wait = waits[Math.min(ranAt.length, waits.length - 1)] ?? 0;
      ranAt.push(Date.now());
      return wait instanceof Error ? Promise.reject(wait) : Promise.resolve(wait);
    },
    log: (level, message, fields) => lines.push({ level, message, fields }),
    failureMessage: 'the round failed, retrying',
    retryMs: 50,
  });
  return { rounds, ranAt, lines };
}

describe('timed rounds', () => {
  let rounds: TimedRounds | null = null;
  afterEach(async () => {
    await rounds?.stop();
    rounds = null;
    vi.useRealTimers();
  });

  it('runs a round at once, then after each wait the last round asked for', async () => {
    const schedule = roundsOf([100, 30, 1_000]);
    rounds = schedule.rounds;
    await vi.advanceTimersByTimeAsync(0);
    expect(schedule.ranAt).toEqual([0]);
    await vi.advanceTimersByTimeAsync(99);
    expect(schedule.ranAt).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(schedule.ranAt).toEqual([0, 100]);
    await vi.advanceTimersByTimeAsync(1_030);
    expect(schedule.ranAt).toEqual([0, 100, 130, 1_130]);
    expect(schedule.lines).toEqual([]);
  });

  it('logs a round that throws with its reason, and runs again after the retry wait', async () => {
    const schedule = roundsOf([new Error('Storage unavailable'), 1_000]);
    rounds = schedule.rounds;
    await vi.advanceTimersByTimeAsync(0);
    expect(schedule.lines).toEqual([
      {
        level: 'error',
        message: 'the round failed, retrying',
        fields: { reason: 'Storage unavailable', retryInMs: 50 },
      },
    ]);
    await vi.advanceTimersByTimeAsync(49);
    expect(schedule.ranAt).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(schedule.ranAt).toEqual([0, 50]);
  });

  it('ends a wait at once when stopped, and runs no round after', async () => {
    const schedule = roundsOf([60 * 60 * 1000]);
    await vi.advanceTimersByTimeAsync(0);
    await schedule.rounds.stop();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(2 * 60 * 60 * 1000);
    expect(schedule.ranAt).toEqual([0]);
  });

  it('waits for a round in progress when stopped, then runs no other', async () => {
    vi.useFakeTimers({ now: 0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let finish: (wait: number) => void = () => undefined;
    let started = 0;
    const running = startTimedRounds({
      runRound: () => {
        started += 1;
        return new Promise<number>((resolve) => (finish = resolve));
      },
      log: () => undefined,
      failureMessage: 'the round failed, retrying',
      retryMs: 50,
    });
    let isStopped = false;
    const stopped = running.stop().then(() => (isStopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(isStopped).toBe(false);
    finish(10);
    await stopped;
    expect(isStopped).toBe(true);
    expect(started).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});

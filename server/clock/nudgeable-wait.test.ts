import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNudgeableWait } from './nudgeable-wait';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Whether the promise has settled once every queued callback has run. */
async function isDone(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('a worker’s wait between rounds', () => {
  it('lasts its time when nothing happens', async () => {
    const idle = createNudgeableWait();
    const waiting = idle.wait(5_000);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(await isDone(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await isDone(waiting)).toBe(true);
  });

  it('ends at a nudge, and the next wait lasts its time again', async () => {
    const idle = createNudgeableWait();
    const first = idle.wait(5_000);
    idle.nudge();
    expect(await isDone(first)).toBe(true);
    const second = idle.wait(5_000);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(await isDone(second)).toBe(false);
  });

  it('keeps a nudge that came during a round for the next wait, once', async () => {
    const idle = createNudgeableWait();
    idle.nudge();
    expect(await isDone(idle.wait(5_000))).toBe(true);
    expect(await isDone(idle.wait(5_000))).toBe(false);
  });

  it('ends at a stop, and every wait after it is over at once', async () => {
    const idle = createNudgeableWait();
    const waiting = idle.wait(60_000);
    expect(idle.isStopping).toBe(false);
    idle.stop();
    expect(idle.isStopping).toBe(true);
    expect(await isDone(waiting)).toBe(true);
    expect(await isDone(idle.wait(60_000))).toBe(true);
  });

  it('takes a time already past as no wait at all', async () => {
    expect(await isDone(createNudgeableWait().wait(-250))).toBe(true);
  });

  it('keeps the process up while it waits, unless told not to', async () => {
    const timers = vi.spyOn(globalThis, 'setTimeout');
    for (const keepsProcessUp of [true, false]) {
      const idle = createNudgeableWait({ keepsProcessUp });
      const waiting = idle.wait(60_000);
      const timer = timers.mock.results.at(-1)?.value as NodeJS.Timeout;
      expect(timer.hasRef()).toBe(keepsProcessUp);
      idle.stop();
      await waiting;
    }
  });
});

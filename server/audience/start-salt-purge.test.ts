import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LogFields, LogLevel } from '../log';
import { startSaltPurge, type SaltPurge } from './start-salt-purge';

const HOUR_MS = 60 * 60 * 1000;

/** A salt purge on a fake clock, recording the moment of each purge that reached the store. */
function purgeFrom(startIso: string, purge: () => Promise<number> = () => Promise.resolve(0)) {
  vi.useFakeTimers({ now: new Date(startIso), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const purgedAt: string[] = [];
  const lines: { level: LogLevel; message: string; fields?: LogFields }[] = [];
  const running = startSaltPurge({
    audience: {
      purgeDaySalts: (now) => {
        purgedAt.push(now().toISOString());
        return purge();
      },
    },
    log: (level, message, fields) => lines.push({ level, message, fields }),
  });
  return { running, purgedAt, lines };
}

describe('the day salt purge', () => {
  let running: SaltPurge | null = null;
  afterEach(async () => {
    await running?.stop();
    running = null;
    vi.useRealTimers();
  });

  it('runs on start-up and at UTC midnight, with no visitor needed, and at least hourly', async () => {
    const schedule = purgeFrom('2026-11-26T22:30:00Z', () => Promise.resolve(1));
    running = schedule.running;
    await vi.advanceTimersByTimeAsync(0);
    expect(schedule.purgedAt).toEqual(['2026-11-26T22:30:00.000Z']);
    await vi.advanceTimersByTimeAsync(HOUR_MS + 30 * 60_000);
    expect(schedule.purgedAt).toEqual([
      '2026-11-26T22:30:00.000Z',
      '2026-11-26T23:30:00.000Z',
      '2026-11-27T00:00:00.000Z',
    ]);
    expect(schedule.lines.at(-1)).toEqual({
      level: 'info',
      message: 'day salts deleted',
      fields: { salts: 1 },
    });
  });

  it('notices a clock set past midnight within the hour', async () => {
    const schedule = purgeFrom('2026-11-26T12:00:00Z');
    running = schedule.running;
    await vi.advanceTimersByTimeAsync(0);
    vi.setSystemTime(new Date('2026-11-27T00:10:00Z'));
    await vi.advanceTimersByTimeAsync(HOUR_MS);
    expect(schedule.purgedAt).toEqual(['2026-11-26T12:00:00.000Z', '2026-11-27T01:10:00.000Z']);
  });

  it('logs a failed purge and tries again a minute later', async () => {
    let failuresLeft = 1;
    const schedule = purgeFrom('2026-11-26T23:59:00Z', () => {
      if (failuresLeft === 0) return Promise.resolve(0);
      failuresLeft -= 1;
      return Promise.reject(new Error('The store is unavailable'));
    });
    running = schedule.running;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(schedule.purgedAt).toEqual(['2026-11-26T23:59:00.000Z', '2026-11-27T00:00:00.000Z']);
    expect(schedule.lines).toEqual([
      {
        level: 'error',
        message: 'day salt purge failed, retrying',
        fields: { reason: 'The store is unavailable', retryInMs: 60_000 },
      },
    ]);
  });
});

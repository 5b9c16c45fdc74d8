import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LogFields, LogLevel } from '../log';
import type { DigestMoment } from '../store/leads/lead-digest';
import { startMorningDigest, type MorningDigest } from './start-morning-digest';

const BERLIN = 'Europe/Berlin';
const HOUR_MS = 60 * 60 * 1000;

type Round = { at: string; day: string; waitingBefore: string };

/** A digest schedule on a fake clock, recording each round that reached the store. */
function scheduleFrom(startIso: string, queue?: (moment: DigestMoment) => Promise<string[]>) {
  vi.useFakeTimers({ now: new Date(startIso), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const rounds: Round[] = [];
  const lines: { level: LogLevel; message: string; fields?: LogFields }[] = [];
  let nudges = 0;
  const digest = startMorningDigest({
    leads: {
      queueMorningDigests: (moment, now) => {
        rounds.push({
          at: now.toISOString(),
          day: moment.day,
          waitingBefore: moment.waitingBefore.toISOString(),
        });
        return queue?.(moment) ?? Promise.resolve(['ana@emberandink.example']);
      },
    },
    timeZone: BERLIN,
    log: (level, message, fields) => lines.push({ level, message, fields }),
    nudgeOutbox: () => {
      nudges += 1;
    },
  });
  return { digest, rounds, lines, nudges: () => nudges };
}

describe('the morning digest schedule', () => {
  let digest: MorningDigest | null = null;
  afterEach(async () => {
    await digest?.stop();
    digest = null;
    vi.useRealTimers();
  });

  it('runs at 08:00 Berlin time each day across the spring change, once a day', async () => {
    const schedule = scheduleFrom('2026-03-27T12:00:00Z');
    digest = schedule.digest;
    await vi.advanceTimersByTimeAsync(0);
    // Started after 08:00: that day's digest goes out at once, as no instance sent it.
    expect(schedule.rounds.map((round) => round.at)).toEqual(['2026-03-27T12:00:00.000Z']);
    await vi.advanceTimersByTimeAsync(3 * 24 * HOUR_MS);
    expect(schedule.rounds.map((round) => [round.day, round.at])).toEqual([
      ['2026-03-27', '2026-03-27T12:00:00.000Z'],
      ['2026-03-28', '2026-03-28T07:00:00.000Z'],
      ['2026-03-29', '2026-03-29T06:00:00.000Z'],
      ['2026-03-30', '2026-03-30T06:00:00.000Z'],
    ]);
    expect(schedule.rounds[2]?.waitingBefore).toBe('2026-03-28T06:00:00.000Z');
    expect(schedule.nudges()).toBe(4);
  });

  it('runs at 08:00 across the autumn change, and waits for 08:00 when started before it', async () => {
    const schedule = scheduleFrom('2026-10-24T03:00:00Z');
    digest = schedule.digest;
    await vi.advanceTimersByTimeAsync(2 * 24 * HOUR_MS);
    expect(schedule.rounds.map((round) => round.at)).toEqual([
      '2026-10-24T06:00:00.000Z',
      '2026-10-25T07:00:00.000Z',
    ]);
  });

  it('notices a clock set forward within the hour, and never runs a day twice', async () => {
    const schedule = scheduleFrom('2026-06-01T05:00:00Z');
    digest = schedule.digest;
    await vi.advanceTimersByTimeAsync(0);
    // The machine slept: its clock is suddenly past 08:00 while the timer still waits.
    vi.setSystemTime(new Date('2026-06-01T09:30:00Z'));
    await vi.advanceTimersByTimeAsync(HOUR_MS);
    expect(schedule.rounds.map((round) => round.day)).toEqual(['2026-06-01']);
    await vi.advanceTimersByTimeAsync(20 * HOUR_MS);
    expect(schedule.rounds.map((round) => round.day)).toEqual(['2026-06-01', '2026-06-02']);
  });

  it('logs a failed round and tries again later the same morning, and says nothing when nothing was queued', async () => {
    let failuresLeft = 1;
    const schedule = scheduleFrom('2026-06-01T05:59:00Z', () => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        return Promise.reject(new Error('The store is unavailable'));
      }
      return Promise.resolve([]);
    });
    digest = schedule.digest;
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(schedule.lines).toEqual([
      {
        level: 'error',
        message: 'morning digest failed, retrying',
        fields: { reason: 'The store is unavailable', retryInMs: 300_000 },
      },
    ]);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(schedule.rounds.map((round) => round.at)).toEqual([
      '2026-06-01T06:00:00.000Z',
      '2026-06-01T06:05:00.000Z',
    ]);
    expect(schedule.lines).toHaveLength(1);
    expect(schedule.nudges()).toBe(0);
  });
});

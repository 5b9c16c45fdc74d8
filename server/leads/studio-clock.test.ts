import { describe, expect, it } from 'vitest';
import { instantOf, nextTimeAt, readWallClock } from './studio-clock';

const BERLIN = 'Europe/Berlin';

describe('the studio wall clock', () => {
  it('reads the day and time in the studio time zone, not the server one', () => {
    expect(readWallClock(new Date('2026-11-25T23:30:00Z'), BERLIN)).toEqual({
      day: '2026-11-26',
      minuteOfDay: 30,
    });
    expect(readWallClock(new Date('2026-11-25T23:30:00Z'), 'UTC')).toEqual({
      day: '2026-11-25',
      minuteOfDay: 23 * 60 + 30,
    });
  });

  it('finds 08:00 in Berlin on either side of both daylight saving changes', () => {
    // Clocks go forward on 29 March 2026 and back on 25 October 2026.
    expect(instantOf('2026-03-28', 8, BERLIN).toISOString()).toBe('2026-03-28T07:00:00.000Z');
    expect(instantOf('2026-03-29', 8, BERLIN).toISOString()).toBe('2026-03-29T06:00:00.000Z');
    expect(instantOf('2026-10-24', 8, BERLIN).toISOString()).toBe('2026-10-24T06:00:00.000Z');
    expect(instantOf('2026-10-25', 8, BERLIN).toISOString()).toBe('2026-10-25T07:00:00.000Z');
    expect(instantOf('2026-03-29', 2, BERLIN).toISOString()).toBe('2026-03-29T01:00:00.000Z');
  });

  it('finds the next 08:00: later today, or tomorrow once it has passed', () => {
    const next = (iso: string, timeZone = BERLIN) =>
      nextTimeAt(new Date(iso), 8, timeZone).toISOString();
    expect(next('2026-03-28T06:59:59Z')).toBe('2026-03-28T07:00:00.000Z');
    expect(next('2026-03-28T07:00:00Z')).toBe('2026-03-29T06:00:00.000Z');
    expect(next('2026-10-24T06:00:00Z')).toBe('2026-10-25T07:00:00.000Z');
    expect(next('2026-12-31T09:00:00Z', 'UTC')).toBe('2027-01-01T08:00:00.000Z');
    expect(next('2026-11-25T20:00:00Z', 'Pacific/Auckland')).toBe('2026-11-26T19:00:00.000Z');
  });
});

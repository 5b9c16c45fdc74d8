import { describe, expect, it } from 'vitest';
import { toInstant, toWallTime } from './zoned-time';

describe('times in the studio’s time zone', () => {
  it('reads a date and time as the zone’s clocks show them', () => {
    expect(toInstant({ date: '2026-11-26', time: '10:00' }, 'UTC')?.toISOString()).toBe(
      '2026-11-26T10:00:00.000Z',
    );
    expect(
      toInstant({ date: '2026-11-26', time: '10:00' }, 'America/New_York')?.toISOString(),
    ).toBe('2026-11-26T15:00:00.000Z');
    expect(toInstant({ date: '2026-07-01', time: '09:30' }, 'Europe/London')?.toISOString()).toBe(
      '2026-07-01T08:30:00.000Z',
    );
  });

  it('resolves a time a clock change skips or repeats', () => {
    // London skips 01:00–02:00 on 29 March 2026 and repeats 01:00–02:00 on 25 October.
    expect(toInstant({ date: '2026-03-29', time: '01:30' }, 'Europe/London')?.toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(toInstant({ date: '2026-10-25', time: '01:30' }, 'Europe/London')?.toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('refuses what is not a date or a time', () => {
    expect(toInstant({ date: '2026-02-30', time: '10:00' }, 'UTC')).toBeNull();
    expect(toInstant({ date: '', time: '10:00' }, 'UTC')).toBeNull();
    expect(toInstant({ date: '2026-11-26', time: '24:00' }, 'UTC')).toBeNull();
  });

  it('turns an instant back into the fields', () => {
    const instant = new Date('2026-11-26T15:00:00.000Z');
    expect(toWallTime(instant, 'America/New_York')).toEqual({ date: '2026-11-26', time: '10:00' });
  });
});

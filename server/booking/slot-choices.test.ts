import { describe, expect, it } from 'vitest';
import { groupSlotsByDay, zoneLabelOf } from './slot-choices';

const slot = (start: string, minutes = 30) => ({
  start: new Date(start),
  end: new Date(Date.parse(start) + minutes * 60_000),
});

describe('zoneLabelOf', () => {
  it('names the zone’s city, so nobody reads the studio’s times as their own', () => {
    expect(zoneLabelOf('Europe/London')).toBe('Times in London time');
    expect(zoneLabelOf('America/New_York')).toBe('Times in New York time');
    expect(zoneLabelOf('America/Argentina/Buenos_Aires')).toBe('Times in Buenos Aires time');
    expect(zoneLabelOf('UTC')).toBe('Times in UTC');
  });
});

describe('groupSlotsByDay', () => {
  it('groups by the studio’s day and shows its wall-clock times, not UTC’s', () => {
    // 22:00 and 23:30 UTC on 1 December are 11:00 and 12:30 on 2 December in Auckland.
    const days = groupSlotsByDay(
      [slot('2026-12-01T20:00:00Z'), slot('2026-12-01T22:00:00Z'), slot('2026-12-01T23:30:00Z')],
      'Pacific/Auckland',
    );
    expect(days).toEqual([{ label: 'Wednesday 2 December', slots: expect.any(Array) as unknown }]);
    expect(days[0]?.slots.map((choice) => choice.time)).toEqual([
      '09:00–09:30',
      '11:00–11:30',
      '12:30–13:00',
    ]);
    expect(days[0]?.slots[0]?.start).toBe('2026-12-01T20:00:00.000Z');
  });

  it('keeps 09:00 at 09:00 across a daylight-saving change', () => {
    const days = groupSlotsByDay(
      [slot('2026-03-27T09:00:00Z'), slot('2026-03-30T08:00:00Z')],
      'Europe/London',
    );
    expect(days.map((day) => [day.label, day.slots[0]?.time])).toEqual([
      ['Friday 27 March', '09:00–09:30'],
      ['Monday 30 March', '09:00–09:30'],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { pickWeek } from './slot-weeks';

const NOW = new Date('2026-11-28T12:40:00Z');
const ZONE = 'Europe/London';

describe('the weeks of a booking page', () => {
  it('starts today and offers the next week, none before', () => {
    expect(pickWeek(null, NOW, ZONE, 30).week).toEqual({
      from: '2026-11-28',
      earlier: null,
      later: '2026-12-05',
    });
  });

  it("reaches the horizon's last day and no further", () => {
    const { last, week } = pickWeek('2026-12-19', NOW, ZONE, 30);
    expect(last.toString()).toBe('2026-12-25');
    expect(week).toEqual({ from: '2026-12-19', earlier: '2026-12-12', later: '2026-12-26' });
    const end = pickWeek('2026-12-26', NOW, ZONE, 30);
    expect(end.last.toString()).toBe('2026-12-27');
    expect(end.week.later).toBeNull();
  });

  it('holds a day asked for outside the bookable ones, or malformed, within them', () => {
    expect(pickWeek('2020-01-01', NOW, ZONE, 30).week.from).toBe('2026-11-28');
    expect(pickWeek('2030-01-01', NOW, ZONE, 30).week.from).toBe('2026-12-27');
    expect(pickWeek('2026-02-30', NOW, ZONE, 30).week.from).toBe('2026-11-28');
  });

  it('never offers an earlier week before today', () => {
    expect(pickWeek('2026-12-01', NOW, ZONE, 30).week.earlier).toBe('2026-11-28');
  });
});

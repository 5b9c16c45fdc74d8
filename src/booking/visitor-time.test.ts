import { describe, expect, it } from 'vitest';
import { visitorTimeOf } from './visitor-time';

const LONDON = 'Europe/London';

describe('visitorTimeOf', () => {
  // Tuesday 1 December 2026, 20:00 in London (GMT): 15:00 in New York, 01:30 on Wednesday in Kolkata.
  const evening = new Date('2026-12-01T20:00:00Z');

  it('gives the visitor’s clock time on the studio’s day', () => {
    expect(visitorTimeOf(evening, LONDON, 'America/New_York')).toBe('15:00');
  });

  it('names the visitor’s weekday when their day is not the studio’s', () => {
    expect(visitorTimeOf(evening, LONDON, 'Asia/Kolkata')).toBe('Wed 01:30');
    // 02:00 on Tuesday in London is still Monday evening in New York.
    expect(visitorTimeOf(new Date('2026-12-01T02:00:00Z'), LONDON, 'America/New_York')).toBe(
      'Mon 21:00',
    );
  });

  it('follows each zone’s summer time, not a fixed offset', () => {
    // 29 March 2027, 09:00 in London (BST, since the 28th); New York has been on EDT since the 14th.
    expect(visitorTimeOf(new Date('2027-03-29T08:00:00Z'), LONDON, 'America/New_York')).toBe(
      '04:00',
    );
    // 22 March 2027: London is still on GMT, New York already on EDT — four hours apart.
    expect(visitorTimeOf(new Date('2027-03-22T09:00:00Z'), LONDON, 'America/New_York')).toBe(
      '05:00',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { describeDayOfCall, describeVisitorCallTime } from './describe-call-time';
import { reminderTimeFor } from './reminder-time';

const at = (iso: string) => new Date(iso);

describe("a reminder's day, in the visitor's zone", () => {
  it('says today for a call later the same day, never tomorrow', () => {
    // Booked at 12:40 London for 17:00 London; reminded an hour before, in London.
    expect(
      describeDayOfCall(at('2026-11-28T17:00:00Z'), at('2026-11-28T16:00:00Z'), 'Europe/London'),
    ).toBe('today at 17:00');
  });

  it("counts the day in the visitor's zone, not the studio's", () => {
    const start = at('2026-11-28T17:00:00Z'); // 17:00 London, 11:00 Chicago
    const now = at('2026-11-28T03:00:00Z'); // 03:00 London, but still 21:00 on the 27th in Chicago
    expect(describeDayOfCall(start, now, 'Europe/London')).toBe('today at 17:00');
    expect(describeDayOfCall(start, now, 'America/Chicago')).toBe('tomorrow at 11:00');
  });

  it('says tomorrow across midnight, and the date further out', () => {
    const start = at('2026-12-01T00:30:00Z'); // 00:30 London on Tuesday; 09:30 Tokyo
    expect(describeDayOfCall(start, at('2026-11-30T00:30:00Z'), 'Europe/London')).toBe(
      'tomorrow at 00:30',
    );
    expect(describeDayOfCall(start, at('2026-11-30T00:30:00Z'), 'Asia/Tokyo')).toBe(
      'tomorrow at 09:30',
    );
    expect(describeDayOfCall(start, at('2026-11-28T09:00:00Z'), 'Europe/London')).toBe(
      'on Tuesday, 1 December 2026 at 00:30',
    );
  });

  it('holds over a change of the clocks', () => {
    // London goes to summer time at 01:00 UTC on 29 March 2026: a 23-hour day.
    const start = at('2026-03-29T22:30:00Z'); // 23:30 BST on the 29th
    expect(describeDayOfCall(start, at('2026-03-28T23:30:00Z'), 'Europe/London')).toBe(
      'tomorrow at 23:30',
    );
    expect(describeDayOfCall(start, at('2026-03-29T00:10:00Z'), 'Europe/London')).toBe(
      'today at 23:30',
    );
  });
});

describe("the call's time with the visitor's", () => {
  it('adds their own time and their date when it is another day there', () => {
    expect(
      describeVisitorCallTime(
        at('2026-11-28T17:00:00Z'),
        at('2026-11-28T17:30:00Z'),
        'Europe/London',
        'Asia/Tokyo',
      ),
    ).toBe(
      'Saturday, 28 November 2026, 17:00–17:30 (Europe/London time); Sunday, 29 November 2026, 02:00–02:30 your time in Tokyo',
    );
  });

  it("says nothing more for a visitor whose clock reads as the studio's", () => {
    const start = at('2026-11-28T17:00:00Z');
    const end = at('2026-11-28T17:30:00Z');
    const studio = 'Saturday, 28 November 2026, 17:00–17:30 (Europe/London time)';
    expect(describeVisitorCallTime(start, end, 'Europe/London', null)).toBe(studio);
    expect(describeVisitorCallTime(start, end, 'Europe/London', 'Europe/Lisbon')).toBe(studio);
  });
});

describe('when the reminder goes', () => {
  const start = at('2026-11-28T17:00:00Z');
  it('goes a day before a call booked further ahead', () => {
    expect(reminderTimeFor(start, at('2026-11-26T12:00:00Z'))).toEqual(at('2026-11-27T17:00:00Z'));
  });
  it('goes an hour before a call booked the same day, hours ahead', () => {
    expect(reminderTimeFor(start, at('2026-11-28T12:40:00Z'))).toEqual(at('2026-11-28T16:00:00Z'));
  });
  it('does not go for a call booked less than three hours ahead', () => {
    expect(reminderTimeFor(start, at('2026-11-28T14:30:00Z'))).toBeNull();
  });
});

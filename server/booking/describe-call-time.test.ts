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

describe("a Chicago visitor's reminder", () => {
  const CHICAGO = 'America/Chicago';
  // 00:30 on Wednesday 2 December in Chicago is 06:30 that morning in London.
  const start = at('2026-12-02T06:30:00Z');

  it('says tomorrow for a call just past their midnight, an hour away, while London says today', () => {
    const hourBefore = at('2026-12-02T05:30:00Z'); // 23:30 on the 1st in Chicago
    expect(describeDayOfCall(start, hourBefore, CHICAGO)).toBe('tomorrow at 00:30');
    expect(describeDayOfCall(start, hourBefore, 'Europe/London')).toBe('today at 06:30');
  });

  it('says tomorrow a day before, at 00:30 their time, and today only once their day has come', () => {
    expect(describeDayOfCall(start, at('2026-12-01T06:30:00Z'), CHICAGO)).toBe('tomorrow at 00:30');
    expect(describeDayOfCall(start, at('2026-12-02T06:10:00Z'), CHICAGO)).toBe('today at 00:30');
  });

  it('gives them their date beside the studio’s when the call is on another day there', () => {
    const evening = at('2026-12-02T04:00:00Z'); // 04:00 in London, 22:00 on the 1st in Chicago
    expect(
      describeVisitorCallTime(evening, at('2026-12-02T04:30:00Z'), 'Europe/London', CHICAGO),
    ).toBe(
      'Wednesday, 2 December 2026, 04:00–04:30 (Europe/London time); Tuesday, 1 December 2026, 22:00–22:30 your time in Chicago',
    );
  });

  it('holds over the day their clocks go back, a 25-hour day', () => {
    // Chicago leaves summer time at 07:00 UTC on 1 November 2026.
    const lateCall = at('2026-11-02T05:30:00Z'); // 23:30 CST on the 1st
    const dayBefore = at('2026-11-01T05:30:00Z'); // 00:30 CDT on the 1st: the same day there
    expect(describeDayOfCall(lateCall, dayBefore, CHICAGO)).toBe('today at 23:30');
    expect(describeDayOfCall(lateCall, at('2026-11-01T04:30:00Z'), CHICAGO)).toBe(
      'tomorrow at 23:30',
    );
  });

  it('holds over the night their clocks go forward, a 23-hour day', () => {
    // Chicago goes to summer time at 08:00 UTC on 8 March 2026.
    const earlyCall = at('2026-03-09T05:30:00Z'); // 00:30 CDT on Monday the 9th
    // 24 hours before is still 23:30 CST on Saturday the 7th: two of their days before.
    expect(describeDayOfCall(earlyCall, at('2026-03-08T05:30:00Z'), CHICAGO)).toBe(
      'on Monday, 9 March 2026 at 00:30',
    );
    expect(describeDayOfCall(earlyCall, at('2026-03-08T06:30:00Z'), CHICAGO)).toBe(
      'tomorrow at 00:30',
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

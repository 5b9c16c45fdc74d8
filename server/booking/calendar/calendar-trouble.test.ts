import { describe, expect, it } from 'vitest';
import { createCalendarHealth } from './calendar-trouble';

describe("what /readyz is told of the studio's calendar", () => {
  it('says since when it cannot be used, and forgets it at the next good read', () => {
    const clock = { now: Date.parse('2027-01-04T09:00:00Z') };
    const health = createCalendarHealth(() => new Date(clock.now));
    expect(health.trouble()).toBeNull();
    health.failed('it answered 200 (text/html)');
    clock.now += 60_000;
    health.failed('it answered 200 (text/html)');
    expect(health.trouble()).toEqual({
      since: new Date('2027-01-04T09:00:00Z'),
      reason: "the studio's calendar cannot be used: it answered 200 (text/html)",
    });
    health.read([]);
    expect(health.trouble()).toBeNull();
  });

  it('names the events it cannot read until no read has seen them for ten minutes', () => {
    const clock = { now: Date.parse('2027-01-04T09:00:00Z') };
    const health = createCalendarHealth(() => new Date(clock.now));
    health.read(['/cal/padded.ics (it is over 262144 characters)']);
    // A booking's own read of one slot sees none of them: the owner is still told.
    clock.now += 5_000;
    health.read([]);
    expect(health.trouble()?.reason).toContain('/cal/padded.ics');
    clock.now += 10 * 60_000;
    health.read([]);
    expect(health.trouble()).toBeNull();
  });
});

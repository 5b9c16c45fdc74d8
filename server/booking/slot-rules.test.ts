import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AVAILABILITY,
  WEEKDAYS,
  type Availability,
  type Interval,
  type TimeRange,
} from './booking-types';
import {
  daysNear,
  judgeStart,
  listFreeSlots,
  nearestFreeSlots,
  refusalCode,
  spanOfDays,
  type SlotFacts,
  type SlotRules,
} from './slot-rules';

/** Every day open for `hours`, no notice, a year ahead, room for every call: only the clock decides. */
function everyDay(hours: readonly TimeRange[], rules: Partial<Availability> = {}): Availability {
  return {
    weekly: Object.fromEntries(WEEKDAYS.map((day) => [day, hours])) as Availability['weekly'],
    lengthMinutes: 30,
    bufferMinutes: 0,
    noticeHours: 0,
    horizonDays: 366,
    maxPerDay: 48,
    ...rules,
  };
}

const day = (text: string) => Temporal.PlainDate.from(text);
const at = (text: string) => new Date(text);
const call = (start: string, end: string): Interval => ({ start: at(start), end: at(end) });

function facts(now: string, more: Partial<SlotFacts> = {}): SlotFacts {
  return { now: at(now), busy: [], booked: [], ...more };
}

/** The free slots' starts as UTC instants, the way the API writes them. */
function startsOf(rules: SlotRules, known: SlotFacts, from: string, to = from): string[] {
  return listFreeSlots(rules, known, day(from), day(to)).map(({ start }) => start.toISOString());
}

/** Each start as the studio's wall clock shows it, with the offset in force. */
function wallTimesOf(rules: SlotRules, known: SlotFacts, from: string, to = from): string[] {
  return listFreeSlots(rules, known, day(from), day(to)).map(({ start }) =>
    Temporal.Instant.fromEpochMilliseconds(start.getTime())
      .toZonedDateTimeISO(rules.timeZone)
      .toString({ timeZoneName: 'never' })
      .slice(0, 25),
  );
}

const london = (availability: Availability): SlotRules => ({
  availability,
  timeZone: 'Europe/London',
});
const newYork = (availability: Availability): SlotRules => ({
  availability,
  timeZone: 'America/New_York',
});

describe('daylight saving: 09:00 stays 09:00 and every slot is one real instant', () => {
  const nineToTen = everyDay([['09:00', '10:00']], { lengthMinutes: 60 });

  it('London, spring (28 March 2027): 09:00 GMT before, 09:00 BST after', () => {
    expect(
      startsOf(london(nineToTen), facts('2027-03-25T00:00Z'), '2027-03-26', '2027-03-30'),
    ).toEqual([
      '2027-03-26T09:00:00.000Z',
      '2027-03-27T09:00:00.000Z',
      '2027-03-28T08:00:00.000Z',
      '2027-03-29T08:00:00.000Z',
      '2027-03-30T08:00:00.000Z',
    ]);
  });

  it('London, autumn (25 October 2026): 09:00 BST before, 09:00 GMT after', () => {
    expect(
      startsOf(london(nineToTen), facts('2026-10-20T00:00Z'), '2026-10-24', '2026-10-26'),
    ).toEqual(['2026-10-24T08:00:00.000Z', '2026-10-25T09:00:00.000Z', '2026-10-26T09:00:00.000Z']);
  });

  it('New York changes on other weeks: 14 March 2027 and 1 November 2026', () => {
    const rules = newYork(nineToTen);
    expect(startsOf(rules, facts('2027-03-10T00:00Z'), '2027-03-13', '2027-03-15')).toEqual([
      '2027-03-13T14:00:00.000Z',
      '2027-03-14T13:00:00.000Z',
      '2027-03-15T13:00:00.000Z',
    ]);
    expect(startsOf(rules, facts('2026-10-28T00:00Z'), '2026-10-31', '2026-11-02')).toEqual([
      '2026-10-31T13:00:00.000Z',
      '2026-11-01T14:00:00.000Z',
      '2026-11-02T14:00:00.000Z',
    ]);
    // The week between the two countries' changes: New York has moved, London has not.
    expect(startsOf(london(nineToTen), facts('2027-03-10T00:00Z'), '2027-03-15')).toEqual([
      '2027-03-15T09:00:00.000Z',
    ]);
  });

  it('the skipped hour holds no slot, and no slot moves into the hour after it', () => {
    const night = london(everyDay([['00:00', '04:00']]));
    expect(wallTimesOf(night, facts('2027-03-27T00:00Z'), '2027-03-28')).toEqual([
      '2027-03-28T00:00:00+00:00',
      '2027-03-28T00:30:00+00:00',
      '2027-03-28T02:00:00+01:00',
      '2027-03-28T02:30:00+01:00',
      '2027-03-28T03:00:00+01:00',
      '2027-03-28T03:30:00+01:00',
    ]);
    // 45 minutes from midnight: 01:30 does not exist, and 02:15 BST comes while the call from
    // 00:45 GMT still runs (until 02:30 BST); the grid goes on at 03:00, never off it.
    const longer = london(everyDay([['00:00', '04:00']], { lengthMinutes: 45 }));
    expect(wallTimesOf(longer, facts('2027-03-27T00:00Z'), '2027-03-28')).toEqual([
      '2027-03-28T00:00:00+00:00',
      '2027-03-28T00:45:00+00:00',
      '2027-03-28T03:00:00+01:00',
    ]);
    const known = facts('2027-03-27T00:00Z');
    for (const start of ['2027-03-28T01:30:00Z', '2027-03-28T02:15:00+01:00']) {
      expect(judgeStart(longer, known, start)).toEqual({ ok: false, reason: 'off_grid' });
    }
    expect(judgeStart(longer, known, '2027-03-28T03:00:00+01:00')).toMatchObject({ ok: true });
  });

  it('the repeated hour has a slot at each of its real instants, once each', () => {
    const night = london(everyDay([['00:00', '03:00']]));
    const known = facts('2026-10-20T00:00Z');
    expect(wallTimesOf(night, known, '2026-10-25')).toEqual([
      '2026-10-25T00:00:00+01:00',
      '2026-10-25T00:30:00+01:00',
      '2026-10-25T01:00:00+01:00',
      '2026-10-25T01:30:00+01:00',
      '2026-10-25T01:00:00+00:00',
      '2026-10-25T01:30:00+00:00',
      '2026-10-25T02:00:00+00:00',
      '2026-10-25T02:30:00+00:00',
    ]);
    const starts = startsOf(night, known, '2026-10-25');
    expect(new Set(starts).size).toBe(starts.length);
    expect(judgeStart(night, known, '2026-10-25T01:30:00+01:00')).toMatchObject({ ok: true });
    expect(judgeStart(night, known, '2026-10-25T01:30:00+00:00')).toMatchObject({ ok: true });
  });

  it('in the repeated hour, a call longer than the change never overlaps the one before it', () => {
    const night = london(everyDay([['00:00', '04:00']], { lengthMinutes: 90 }));
    const known = facts('2026-10-20T00:00Z');
    expect(wallTimesOf(night, known, '2026-10-25')).toEqual([
      '2026-10-25T00:00:00+01:00',
      '2026-10-25T01:30:00+01:00',
    ]);
    expect(judgeStart(night, known, '2026-10-25T01:30:00+00:00')).toEqual({
      ok: false,
      reason: 'off_grid',
    });
  });

  it('New York at night: 02:00 is skipped in March and 01:00 comes twice in November', () => {
    const spring = newYork(everyDay([['01:00', '04:00']], { lengthMinutes: 60 }));
    expect(wallTimesOf(spring, facts('2027-03-10T00:00Z'), '2027-03-14')).toEqual([
      '2027-03-14T01:00:00-05:00',
      '2027-03-14T03:00:00-04:00',
    ]);
    const autumn = newYork(everyDay([['00:00', '03:00']], { lengthMinutes: 60 }));
    expect(wallTimesOf(autumn, facts('2026-10-28T00:00Z'), '2026-11-01')).toEqual([
      '2026-11-01T00:00:00-04:00',
      '2026-11-01T01:00:00-04:00',
      '2026-11-01T01:00:00-05:00',
      '2026-11-01T02:00:00-05:00',
    ]);
  });

  it('Kolkata, half an hour off UTC: 09:00 is 03:30 UTC', () => {
    const rules: SlotRules = {
      availability: everyDay([['09:00', '10:00']]),
      timeZone: 'Asia/Kolkata',
    };
    expect(startsOf(rules, facts('2027-01-01T00:00Z'), '2027-01-04')).toEqual([
      '2027-01-04T03:30:00.000Z',
      '2027-01-04T04:00:00.000Z',
    ]);
  });

  it('Adelaide, half an hour off and in the southern hemisphere: both changes, on its own days', () => {
    const rules: SlotRules = {
      availability: everyDay([['09:00', '09:30']]),
      timeZone: 'Australia/Adelaide',
    };
    // Summer time starts on 4 October 2026 and ends on 4 April 2027; its morning is UTC's evening.
    expect(startsOf(rules, facts('2026-10-01T00:00Z'), '2026-10-03', '2026-10-05')).toEqual([
      '2026-10-02T23:30:00.000Z',
      '2026-10-03T22:30:00.000Z',
      '2026-10-04T22:30:00.000Z',
    ]);
    expect(startsOf(rules, facts('2027-04-01T00:00Z'), '2027-04-03', '2027-04-05')).toEqual([
      '2027-04-02T22:30:00.000Z',
      '2027-04-03T23:30:00.000Z',
      '2027-04-04T23:30:00.000Z',
    ]);
    const night: SlotRules = { ...rules, availability: everyDay([['01:30', '04:00']]) };
    expect(wallTimesOf(night, facts('2026-10-01T00:00Z'), '2026-10-04')).toEqual([
      '2026-10-04T01:30:00+09:30',
      '2026-10-04T03:00:00+10:30',
      '2026-10-04T03:30:00+10:30',
    ]);
  });
});

describe('the rules of a slot', () => {
  const MONDAY = '2027-01-04';
  const weekdays = (rules: Partial<Availability>): SlotRules => ({
    availability: { ...DEFAULT_AVAILABILITY, noticeHours: 0, ...rules },
    timeZone: 'Europe/London',
  });
  const early = facts('2027-01-01T00:00Z');

  it('starts on the grid of the call length from each range, ending within it', () => {
    const rules = weekdays({
      weekly: {
        ...DEFAULT_AVAILABILITY.weekly,
        mon: [
          ['09:00', '10:45'],
          ['13:15', '14:30'],
        ],
      },
    });
    expect(startsOf(rules, early, MONDAY)).toEqual([
      '2027-01-04T09:00:00.000Z',
      '2027-01-04T09:30:00.000Z',
      '2027-01-04T10:00:00.000Z',
      '2027-01-04T13:15:00.000Z',
      '2027-01-04T13:45:00.000Z',
    ]);
    const reason = (start: string) => {
      const verdict = judgeStart(rules, early, start);
      return verdict.ok ? 'ok' : verdict.reason;
    };
    expect(reason('2027-01-04T09:30:00Z')).toBe('ok');
    expect(reason('2027-01-04T09:15:00Z')).toBe('off_grid');
    expect(reason('2027-01-04T09:30:00.001Z')).toBe('off_grid');
    expect(reason('2027-01-04T10:30:00Z')).toBe('outside_hours');
    expect(reason('2027-01-04T12:00:00Z')).toBe('outside_hours');
    expect(reason('2027-01-09T10:00:00Z')).toBe('outside_hours');
    for (const malformed of [
      'tomorrow',
      '2027-01-04T09:00',
      '2027-02-30T09:00:00Z',
      'x'.repeat(500),
    ]) {
      expect(reason(malformed)).toBe('malformed');
    }
  });

  it('keeps the notice from now, and the past is past', () => {
    const rules = weekdays({ noticeHours: 2 });
    const known = facts('2027-01-04T08:10:00Z');
    expect(startsOf(rules, known, MONDAY)[0]).toBe('2027-01-04T10:30:00.000Z');
    expect(judgeStart(rules, known, '2027-01-04T10:00:00Z')).toEqual({
      ok: false,
      reason: 'within_notice',
    });
    expect(judgeStart(rules, known, '2027-01-04T08:00:00Z')).toEqual({ ok: false, reason: 'past' });
    expect(judgeStart(rules, known, '2027-01-04T10:30:00Z')).toMatchObject({ ok: true });
  });

  it('counts the horizon in the studio’s days, today the first', () => {
    const rules = newYork({ ...DEFAULT_AVAILABILITY, noticeHours: 0, horizonDays: 2 });
    // 22:00 on Sunday 1 November in New York, already Monday in UTC.
    const known = facts('2026-11-02T03:00:00Z');
    expect(startsOf(rules, known, '2026-11-01', '2026-11-04')).toHaveLength(16);
    expect(startsOf(rules, known, '2026-11-03')).toEqual([]);
    expect(judgeStart(rules, known, '2026-11-02T21:30:00Z')).toMatchObject({ ok: true });
    expect(judgeStart(rules, known, '2026-11-03T14:00:00Z')).toEqual({
      ok: false,
      reason: 'beyond_horizon',
    });
  });

  it('keeps the buffer after every call, and a new call’s buffer clear of the next', () => {
    const rules = weekdays({ bufferMinutes: 15 });
    const known = facts('2027-01-01T00:00Z', {
      booked: [call('2027-01-04T10:00:00Z', '2027-01-04T10:30:00Z')],
    });
    const starts = startsOf(rules, known, MONDAY);
    expect(starts.slice(0, 3)).toEqual([
      '2027-01-04T09:00:00.000Z',
      '2027-01-04T11:00:00.000Z',
      '2027-01-04T11:30:00.000Z',
    ]);
    for (const start of ['2027-01-04T09:30:00Z', '2027-01-04T10:00:00Z', '2027-01-04T10:30:00Z']) {
      expect(judgeStart(rules, known, start)).toEqual({ ok: false, reason: 'taken' });
    }
    expect(refusalCode('taken')).toBe('slot_taken');
    expect(refusalCode('off_grid')).toBe('invalid_slot');
  });

  it('keeps the buffer around busy calendar time as around calls', () => {
    const rules = weekdays({ bufferMinutes: 15 });
    const known = facts('2027-01-01T00:00Z', {
      busy: [call('2027-01-04T10:30:00Z', '2027-01-04T11:30:00Z')],
    });
    // 10:00 would end as the supplier's visit begins; 11:30 would start as it ends.
    expect(startsOf(rules, known, MONDAY).slice(0, 3)).toEqual([
      '2027-01-04T09:00:00.000Z',
      '2027-01-04T09:30:00.000Z',
      '2027-01-04T12:00:00.000Z',
    ]);
    for (const start of ['2027-01-04T10:00:00Z', '2027-01-04T11:30:00Z']) {
      expect(judgeStart(rules, known, start)).toEqual({ ok: false, reason: 'busy' });
    }
  });

  it('leaves out busy times, and a day that already holds its most calls', () => {
    const rules = weekdays({ maxPerDay: 2 });
    const known = facts('2027-01-01T00:00Z', {
      busy: [
        call('2027-01-05T09:10:00Z', '2027-01-05T09:20:00Z'),
        call('2027-01-05T12:00:00Z', '2027-01-05T12:00:00Z'),
      ],
      booked: [
        call('2027-01-04T09:00:00Z', '2027-01-04T09:30:00Z'),
        call('2027-01-04T16:00:00Z', '2027-01-04T16:30:00Z'),
      ],
    });
    expect(startsOf(rules, known, MONDAY)).toEqual([]);
    expect(judgeStart(rules, known, '2027-01-04T11:00:00Z')).toEqual({
      ok: false,
      reason: 'day_full',
    });
    const tuesday = startsOf(rules, known, '2027-01-05');
    expect(tuesday[0]).toBe('2027-01-05T09:30:00.000Z');
    expect(tuesday).toContain('2027-01-05T12:00:00.000Z');
    expect(judgeStart(rules, known, '2027-01-05T09:00:00Z')).toEqual({ ok: false, reason: 'busy' });
  });

  it('counts a call on the studio’s day, not UTC’s', () => {
    const rules: SlotRules = {
      availability: everyDay([['09:00', '10:00']], { maxPerDay: 1 }),
      timeZone: 'Asia/Kolkata',
    };
    // 23:30 UTC on the 3rd is 05:00 on the 4th in Kolkata.
    const known = facts('2027-01-01T00:00Z', {
      booked: [call('2027-01-03T23:30:00Z', '2027-01-04T00:00:00Z')],
    });
    expect(startsOf(rules, known, '2027-01-03', '2027-01-05')).toEqual([
      '2027-01-03T03:30:00.000Z',
      '2027-01-03T04:00:00.000Z',
      '2027-01-05T03:30:00.000Z',
      '2027-01-05T04:00:00.000Z',
    ]);
  });

  it('offers the free slots nearest to one just taken, either side', () => {
    const rules = weekdays({});
    const taken = at('2027-01-05T11:00:00Z');
    const near = daysNear(rules, taken);
    expect([near.from.toString(), near.to.toString()]).toEqual(['2026-12-29', '2027-01-12']);
    const known = facts('2027-01-01T00:00Z', {
      booked: [call('2027-01-05T10:30:00Z', '2027-01-05T11:30:00Z')],
    });
    const free = listFreeSlots(rules, known, near.from, near.to);
    expect(nearestFreeSlots(free, taken, 3).map(({ start }) => start.toISOString())).toEqual([
      '2027-01-05T10:00:00.000Z',
      '2027-01-05T11:30:00.000Z',
      '2027-01-05T12:00:00.000Z',
    ]);
  });

  it('reads busy times and calls over whole studio days, widened by a call and its buffer', () => {
    const rules = newYork({ ...DEFAULT_AVAILABILITY, bufferMinutes: 15 });
    const span = spanOfDays(rules, day('2026-11-01'), day('2026-11-01'));
    // The 25-hour day of 1 November, from 04:00 UTC to 05:00 UTC the next day.
    expect(span).toEqual(call('2026-11-01T03:15:00Z', '2026-11-02T05:45:00Z'));
  });
});

describe('cost', () => {
  /** An interval whose every read is counted, to see how often the rules look at it. */
  function counted(interval: Interval, reads: { count: number }): Interval {
    return {
      get start() {
        reads.count += 1;
        return interval.start;
      },
      get end() {
        reads.count += 1;
        return interval.end;
      },
    };
  }

  it('reads each busy time and call a fixed number of times, however many slots there are', () => {
    const rules: SlotRules = {
      availability: everyDay([['00:00', '24:00']], { lengthMinutes: 15 }),
      timeZone: 'Europe/London',
    };
    const first = Date.parse('2027-03-01T00:00:00Z');
    const minutes = (count: number) => count * 60_000;
    const reads = { count: 0 };
    // Two days in three hold a short busy time every ninety minutes, at an odd minute.
    const busy = Array.from({ length: 62 * 16 }, (_, index) => {
      const start = first + minutes(index * 90 + 7);
      return counted({ start: new Date(start), end: new Date(start + minutes(5)) }, reads);
    }).filter((_, index) => Math.floor(index / 16) % 3 !== 2);
    const booked = Array.from({ length: 62 }, (_, index) => {
      const start = first + minutes(index * 24 * 60 + 12 * 60 + 30);
      return counted({ start: new Date(start), end: new Date(start + minutes(15)) }, reads);
    });

    const free = listFreeSlots(
      rules,
      { now: new Date(first), busy, booked },
      day('2027-03-01'),
      day('2027-05-01'),
    );

    // 62 days of 96 slots (92 on 28 March, a day of 23 hours), less those a busy time or a call takes.
    expect(free.length).toBe(62 * 96 - 4 - busy.length - booked.length);
    expect(reads.count).toBeLessThanOrEqual(3 * (busy.length + booked.length));
  });
});

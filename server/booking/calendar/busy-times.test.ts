import { describe, expect, it, vi } from 'vitest';
import { LONDON_VTIMEZONE, calendarObject, vevent } from '../../../tests/support/calendar-objects';
import { busyTimesIn, MAX_OBJECT_CHARS, MAX_RULE_STEPS_PER_OBJECT } from './busy-times';

const NOVEMBER = { start: new Date('2026-11-01T00:00:00Z'), end: new Date('2026-12-01T00:00:00Z') };

function read(objects: string[], range = NOVEMBER, studioTimeZone = 'Europe/London') {
  const log = vi.fn();
  const { busy, unreadable } = busyTimesIn(
    objects.map((data, index) => ({ href: `/cal/${index}.ics`, data })),
    range,
    { studioTimeZone, log },
  );
  return {
    busy: busy.map(({ start, end }) => [start.toISOString(), end.toISOString()]),
    unreadable: unreadable.map(({ href }) => href),
    log,
  };
}

describe('the busy times in calendar objects', () => {
  it('reads a one-off event in UTC, in a zone it defines, and floating in the studio zone', () => {
    const { busy } = read(
      [
        calendarObject(vevent('utc', 'DTSTART:20261103T100000Z', 'DTEND:20261103T110000Z')),
        calendarObject(
          LONDON_VTIMEZONE,
          vevent(
            'london',
            'DTSTART;TZID=Europe/London:20261104T090000',
            'DTEND;TZID=Europe/London:20261104T093000',
          ),
        ),
        calendarObject(vevent('floating', 'DTSTART:20260601T090000', 'DURATION:PT1H')),
      ],
      { start: new Date('2026-05-01T00:00:00Z'), end: NOVEMBER.end },
    );
    expect(busy).toEqual([
      // 09:00 floating in the studio's zone, in summer time.
      ['2026-06-01T08:00:00.000Z', '2026-06-01T09:00:00.000Z'],
      ['2026-11-03T10:00:00.000Z', '2026-11-03T11:00:00.000Z'],
      ['2026-11-04T09:00:00.000Z', '2026-11-04T09:30:00.000Z'],
    ]);
  });

  it('reads a TZID the object leaves undefined by its IANA name', () => {
    const { busy } = read(
      [
        calendarObject(
          vevent(
            'undefined-zone',
            'DTSTART;TZID=America/New_York:20261104T090000',
            'DTEND;TZID=America/New_York:20261104T100000',
          ),
        ),
      ],
      NOVEMBER,
      'Asia/Kolkata',
    );
    expect(busy).toEqual([['2026-11-04T14:00:00.000Z', '2026-11-04T15:00:00.000Z']]);
  });

  it("blocks an all-day event's whole day in the studio's zone", () => {
    const { busy } = read(
      [
        calendarObject(
          vevent('holiday', 'DTSTART;VALUE=DATE:20261110', 'DTEND;VALUE=DATE:20261112'),
        ),
      ],
      NOVEMBER,
      'Asia/Kolkata',
    );
    expect(busy).toEqual([['2026-11-09T18:30:00.000Z', '2026-11-11T18:30:00.000Z']]);
  });

  it('keeps a weekly 09:00 London event at 09:00 local across the October change', () => {
    const { busy } = read(
      [
        calendarObject(
          LONDON_VTIMEZONE,
          vevent(
            'standup',
            'DTSTART;TZID=Europe/London:20261014T090000',
            'DTEND;TZID=Europe/London:20261014T091500',
            'RRULE:FREQ=WEEKLY',
          ),
        ),
      ],
      { start: new Date('2026-10-14T00:00:00Z'), end: new Date('2026-11-05T00:00:00Z') },
    );
    expect(busy).toEqual([
      ['2026-10-14T08:00:00.000Z', '2026-10-14T08:15:00.000Z'],
      ['2026-10-21T08:00:00.000Z', '2026-10-21T08:15:00.000Z'],
      // The clocks went back on 25 October: 09:00 is now 09:00 UTC.
      ['2026-10-28T09:00:00.000Z', '2026-10-28T09:15:00.000Z'],
      ['2026-11-04T09:00:00.000Z', '2026-11-04T09:15:00.000Z'],
    ]);
  });

  it('applies EXDATE and RDATE, a moved occurrence and a cancelled one', () => {
    const series = [
      'DTSTART:20261102T140000Z',
      'DTEND:20261102T150000Z',
      'RRULE:FREQ=DAILY;COUNT=5',
      'EXDATE:20261103T140000Z',
      'RDATE:20261120T140000Z',
    ];
    const { busy } = read([
      calendarObject(
        vevent('series', ...series),
        // The 4th's call moved to the 25th at 16:00, outside the rule's own days.
        vevent(
          'series',
          'RECURRENCE-ID:20261104T140000Z',
          'DTSTART:20261125T160000Z',
          'DTEND:20261125T170000Z',
        ),
        vevent(
          'series',
          'RECURRENCE-ID:20261105T140000Z',
          'DTSTART:20261105T140000Z',
          'DTEND:20261105T150000Z',
          'STATUS:CANCELLED',
        ),
      ),
    ]);
    expect(busy).toEqual([
      ['2026-11-02T14:00:00.000Z', '2026-11-02T15:00:00.000Z'],
      ['2026-11-06T14:00:00.000Z', '2026-11-06T15:00:00.000Z'],
      ['2026-11-20T14:00:00.000Z', '2026-11-20T15:00:00.000Z'],
      ['2026-11-25T16:00:00.000Z', '2026-11-25T17:00:00.000Z'],
    ]);
  });

  it('counts nothing for events marked free or cancelled, or outside the range', () => {
    const { busy } = read([
      calendarObject(
        vevent('free', 'DTSTART:20261103T100000Z', 'DTEND:20261103T110000Z', 'TRANSP:TRANSPARENT'),
        vevent('off', 'DTSTART:20261103T120000Z', 'DTEND:20261103T130000Z', 'STATUS:CANCELLED'),
        vevent(
          'cancelled-series',
          'DTSTART:20261103T120000Z',
          'DURATION:PT1H',
          'RRULE:FREQ=DAILY',
          'STATUS:CANCELLED',
        ),
        vevent('before', 'DTSTART:20261031T230000Z', 'DTEND:20261101T000000Z'),
        vevent('after', 'DTSTART:20261201T000000Z', 'DTEND:20261201T010000Z'),
      ),
    ]);
    expect(busy).toEqual([]);
  });

  it('stops an endless rule at the range end, and a rule of a billion at the same place', () => {
    const endless = read([
      calendarObject(
        vevent('daily', 'DTSTART:20261101T080000Z', 'DURATION:PT30M', 'RRULE:FREQ=DAILY'),
      ),
    ]);
    const billion = read([
      calendarObject(
        vevent(
          'billion',
          'DTSTART:20261101T080000Z',
          'DURATION:PT30M',
          'RRULE:FREQ=DAILY;COUNT=1000000000',
        ),
      ),
    ]);
    expect(endless.busy).toHaveLength(30);
    expect(billion.busy).toEqual(endless.busy);
  });

  it('holds busy what a hostile object plainly covers, names it, and still reads the rest, quickly', () => {
    const ordinary = calendarObject(
      vevent('call', 'DTSTART:20261103T100000Z', 'DTEND:20261103T110000Z'),
    );
    const hostile = [
      calendarObject(
        vevent('dense', 'DTSTART:20261101T000000Z', 'DURATION:PT1S', 'RRULE:FREQ=SECONDLY'),
      ),
      calendarObject(
        vevent(
          'ancient',
          'DTSTART:19000101T000000Z',
          'DURATION:PT1M',
          'RRULE:FREQ=MINUTELY;COUNT=1000000000',
        ),
      ),
      'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:garbage\r\n',
      calendarObject(vevent('bad-rule', 'DTSTART:20261101T000000Z', 'RRULE:FREQ=SOMETIMES')),
    ];
    // Unbounded, the dense rule alone takes 2.6 million steps (minutes): the bound is what lets
    // this test end at all, and the unreadable verdict below is its mark.
    for (const object of hostile) {
      const { busy, unreadable, log } = read([object, ordinary]);
      // Nothing in them can be told apart: the whole range is held, never guessed free.
      expect(busy).toContainEqual(['2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z']);
      expect(busy).toContainEqual(['2026-11-03T10:00:00.000Z', '2026-11-03T11:00:00.000Z']);
      expect(unreadable).toEqual(['/cal/0.ics']);
      expect(log).toHaveBeenCalledWith(
        'warn',
        'a calendar event cannot be read: its time is held as busy',
        expect.objectContaining({ href: '/cal/0.ics' }),
      );
    }
  });

  it('blocks an all-day event without an end to its own midnight on a change day, north and south', () => {
    const march = {
      start: new Date('2026-03-28T00:00:00Z'),
      end: new Date('2026-03-31T00:00:00Z'),
    };
    const london = read(
      [calendarObject(vevent('away', 'DTSTART;VALUE=DATE:20260329'))],
      march,
      'Europe/London',
    );
    // The clocks go forward: the day is 23 hours long.
    expect(london.busy).toEqual([['2026-03-29T00:00:00.000Z', '2026-03-29T23:00:00.000Z']]);
    const april = {
      start: new Date('2026-04-03T00:00:00Z'),
      end: new Date('2026-04-07T00:00:00Z'),
    };
    const sydney = read(
      [calendarObject(vevent('away', 'DTSTART;VALUE=DATE:20260405'))],
      april,
      'Australia/Sydney',
    );
    // The clocks go back: the day is 25 hours long.
    expect(sydney.busy).toEqual([['2026-04-04T13:00:00.000Z', '2026-04-05T14:00:00.000Z']]);
  });

  it('reads a daily meeting kept since 1998 from the range, not from its first day', () => {
    const { busy, unreadable } = read([
      calendarObject(
        LONDON_VTIMEZONE,
        vevent(
          'stand-up',
          'DTSTART;TZID=Europe/London:19980601T090000',
          'DTEND;TZID=Europe/London:19980601T093000',
          'RRULE:FREQ=DAILY',
          'EXDATE;TZID=Europe/London:20261110T090000',
        ),
      ),
    ]);
    expect(unreadable).toEqual([]);
    expect(busy).toHaveLength(29);
    expect(busy[0]).toEqual(['2026-11-01T09:00:00.000Z', '2026-11-01T09:30:00.000Z']);
    expect(busy.map(([start]) => start)).not.toContain('2026-11-10T09:00:00.000Z');
  });

  it('reads the time of an event whose description alone is over the size cap', () => {
    const { busy, unreadable } = read([
      calendarObject(
        vevent(
          'supplier',
          'DTSTART:20261103T100000Z',
          'DTEND:20261103T110000Z',
          `DESCRIPTION:${'x'.repeat(300 * 1024)}`,
        ),
      ),
    ]);
    expect(unreadable).toEqual([]);
    expect(busy).toEqual([['2026-11-03T10:00:00.000Z', '2026-11-03T11:00:00.000Z']]);
  });

  it('holds the plain time of an event still over the size cap, and names it', () => {
    const padding = Array.from({ length: 30_000 }, (_, index) => `X-PAD-${index}:padding`);
    const { busy, unreadable } = read([
      calendarObject(
        vevent('padded', 'DTSTART:20261103T100000Z', 'DTEND:20261103T110000Z', ...padding),
      ),
    ]);
    expect(MAX_OBJECT_CHARS).toBeLessThan(30_000 * 20);
    expect(unreadable).toEqual(['/cal/0.ics']);
    expect(busy).toEqual([['2026-11-03T10:00:00.000Z', '2026-11-03T11:00:00.000Z']]);
  });
  it('gives up a rule whose parts never all match, holding only its first time, and reads the rest', () => {
    // ical.js 2.2.1 looks for a 30 February for ever; no occurrence was ever counted.
    const { busy, unreadable, log } = read([
      calendarObject(
        vevent(
          'impossible',
          'DTSTART:20261105T100000Z',
          'DTEND:20261105T110000Z',
          'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
        ),
      ),
      calendarObject(vevent('call', 'DTSTART:20261110T140000Z', 'DTEND:20261110T150000Z')),
    ]);
    expect(busy).toEqual([
      ['2026-11-05T10:00:00.000Z', '2026-11-05T11:00:00.000Z'],
      ['2026-11-10T14:00:00.000Z', '2026-11-10T15:00:00.000Z'],
    ]);
    expect(unreadable).toEqual(['/cal/0.ics']);
    expect(log).toHaveBeenCalledWith(
      'warn',
      'a calendar event cannot be read: its time is held as busy',
      {
        href: '/cal/0.ics',
        reason: `its rule tries over ${MAX_RULE_STEPS_PER_OBJECT} times that are not occurrences`,
      },
    );
  });

  it('gives up a rule that matches too rarely to reach the range, holding its first time from long ago', () => {
    // Every second of December, from a January start: moved on to late October, a month of
    // seconds still lies between it and its next occurrence.
    const sparse = calendarObject(
      vevent(
        'december',
        'DTSTART:20260105T100000Z',
        'DURATION:PT1S',
        'RRULE:FREQ=SECONDLY;BYMONTH=12',
      ),
    );
    const november = read([sparse]);
    expect(november.busy).toEqual([]);
    expect(november.unreadable).toEqual(['/cal/0.ics']);
    const january = read([sparse], {
      start: new Date('2026-01-01T00:00:00Z'),
      end: new Date('2026-02-01T00:00:00Z'),
    });
    expect(january.busy).toEqual([['2026-01-05T10:00:00.000Z', '2026-01-05T10:00:01.000Z']]);
    expect(january.unreadable).toEqual(['/cal/0.ics']);
  });

  it('still expands every occurrence of ordinary rules, sparse ones included', () => {
    const { busy, unreadable } = read(
      [
        calendarObject(
          vevent(
            'standup',
            'DTSTART:20260105T090000Z',
            'DURATION:PT15M',
            'RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR',
          ),
        ),
        // Only the months with a 31st, and only the last Friday of each month.
        calendarObject(
          vevent(
            'accounts',
            'DTSTART:20260131T160000Z',
            'DURATION:PT1H',
            'RRULE:FREQ=MONTHLY;BYMONTHDAY=31',
          ),
        ),
        calendarObject(
          vevent(
            'drinks',
            'DTSTART:20260130T180000Z',
            'DURATION:PT2H',
            'RRULE:FREQ=MONTHLY;BYDAY=-1FR',
          ),
        ),
        // Each November's weekdays from a January start: ten months of days passed over first.
        calendarObject(
          vevent(
            'autumn',
            'DTSTART:20260105T070000Z',
            'DURATION:PT30M',
            'RRULE:FREQ=DAILY;BYMONTH=11',
          ),
        ),
      ],
      { start: new Date('2026-11-01T00:00:00Z'), end: new Date('2027-01-01T00:00:00Z') },
    );
    expect(unreadable).toEqual([]);
    const at = (time: string) => busy.filter(([start]) => start?.slice(11) === time).length;
    // 2 November to 31 December: 44 weekdays.
    expect(at('09:00:00.000Z')).toBe(44);
    expect(busy).toContainEqual(['2026-12-31T16:00:00.000Z', '2026-12-31T17:00:00.000Z']);
    expect(at('16:00:00.000Z')).toBe(1);
    expect(busy).toContainEqual(['2026-11-27T18:00:00.000Z', '2026-11-27T20:00:00.000Z']);
    expect(busy).toContainEqual(['2026-12-25T18:00:00.000Z', '2026-12-25T20:00:00.000Z']);
    expect(at('07:00:00.000Z')).toBe(30);
  });
});

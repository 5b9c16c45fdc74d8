/**
 * iCalendar objects as calendar apps write them, for the busy-time tests: each test names
 * the few lines that matter and these wrap them in a whole, valid object.
 */

/** Europe/London as Apple Calendar, Fastmail and Thunderbird embed it. */
export const LONDON_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/London',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0100',
  'TZNAME:BST',
  'DTSTART:19700329T010000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0000',
  'TZNAME:GMT',
  'DTSTART:19701025T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** A VCALENDAR around the given components' lines, with CRLF line ends. */
export function calendarObject(...components: string[][]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Ember & Ink//calendar tests//EN',
    ...components.flat(),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** A VEVENT with the given UID and lines (DTSTART, DTEND, RRULE…). */
export function vevent(uid: string, ...lines: string[]): string[] {
  return ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT'];
}

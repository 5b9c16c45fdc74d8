import * as z from 'zod/mini';

/**
 * The studio's weekly hours and the rules of a call, as the studio's form edits them and the
 * server keeps them. Times are the studio's wall clock (STUDIO_TIME_ZONE), `"HH:MM"` on 24
 * hours; `"24:00"` may end a range (until midnight) and never start one.
 */

export const AVAILABILITY_WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

export const AVAILABILITY_LIMITS = {
  rangesPerDay: 12,
  lengthMinutes: { min: 15, max: 240 },
  bufferMinutes: { min: 0, max: 120 },
  noticeHours: { min: 0, max: 336 },
  horizonDays: { min: 1, max: 366 },
  maxPerDay: { min: 1, max: 48 },
} as const;

/** Why a field of the form was refused; the studio's page has the words for each. */
export const AVAILABILITY_ERROR_CODES = [
  'required',
  'invalid_time',
  'reversed',
  'overlapping',
  'too_many',
  'not_whole_number',
  'out_of_range',
  'unknown_field',
  'invalid',
] as const;
export type AvailabilityErrorCode = (typeof AVAILABILITY_ERROR_CODES)[number];

const START_TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const END_TIME = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;

/** Minutes since midnight of a checked `"HH:MM"` (`"24:00"` is 1440). */
export function minuteOfDay(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** Zod runs every check even after one failed: the later ones judge only well-formed ranges. */
const hasTimes = ([start, end]: readonly [string, string]) =>
  START_TIME.test(start) && END_TIME.test(end);

const startsFirst = (a: readonly [string, string], b: readonly [string, string]) =>
  minuteOfDay(a[0]) - minuteOfDay(b[0]);

/** A missing value is `required`; one of the wrong kind gets `otherwise`. */
const unlessMissing =
  (otherwise: AvailabilityErrorCode) =>
  (issue: { input?: unknown }): AvailabilityErrorCode =>
    issue.input === undefined ? 'required' : otherwise;

const time = (pattern: RegExp) =>
  z.string({ error: 'invalid_time' }).check(z.regex(pattern, { error: 'invalid_time' }));

/** One range of a day: its start strictly before its end. */
const TimeRangeSchema = z
  .tuple([time(START_TIME), time(END_TIME)], { error: unlessMissing('invalid') })
  .check(
    z.refine((range) => !hasTimes(range) || minuteOfDay(range[0]) < minuteOfDay(range[1]), {
      error: 'reversed',
    }),
  );

/**
 * A day's ranges in any order, none overlapping another (touching is allowed: 12:00 may end
 * one and start the next); kept sorted by start.
 */
const DaySchema = z.pipe(
  z.array(TimeRangeSchema, { error: unlessMissing('invalid') }).check(
    z.maxLength(AVAILABILITY_LIMITS.rangesPerDay, { error: 'too_many' }),
    z.refine(
      (ranges) =>
        !ranges.every(hasTimes) ||
        [...ranges].sort(startsFirst).every((range, index, sorted) => {
          const next = sorted[index + 1];
          return next === undefined || minuteOfDay(range[1]) <= minuteOfDay(next[0]);
        }),
      { error: 'overlapping' },
    ),
  ),
  z.transform((ranges) => [...ranges].sort(startsFirst)),
);

const wholeNumber = ({ min, max }: { min: number; max: number }) =>
  z
    .int({ error: unlessMissing('not_whole_number') })
    .check(z.gte(min, { error: 'out_of_range' }), z.lte(max, { error: 'out_of_range' }));

/** How long a meeting's link or address may be. */
export const MEETING_LIMITS = { url: 500, address: 300 } as const;

const httpsUrl = () =>
  z
    .url({ protocol: /^https$/, error: 'invalid' })
    .check(z.maxLength(MEETING_LIMITS.url, { error: 'out_of_range' }));

/**
 * Where calls happen: a fixed video room, a fresh room per call under a video service's
 * address (`base`, e.g. https://meet.jit.si/, each call's room named at random when booked),
 * a phone call (the visitor gives their number when booking), or a place. A link must be
 * https, so no `javascript:` ever reaches an email.
 */
export const MeetingSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('link'), url: httpsUrl() }),
  z.strictObject({ kind: z.literal('room'), base: httpsUrl() }),
  z.strictObject({ kind: z.literal('phone') }),
  z.strictObject({
    kind: z.literal('place'),
    address: z.string({ error: 'invalid' }).check(
      z.trim(),
      z.minLength(1, { error: 'required' }),
      z.maxLength(MEETING_LIMITS.address, { error: 'out_of_range' }),
      // eslint-disable-next-line no-control-regex -- refusing control characters is the point
      z.refine((value) => !/[\u0000-\u0009\u000B-\u001F\u007F]/.test(value), {
        error: 'invalid',
      }),
    ),
  }),
]);
export type Meeting = z.output<typeof MeetingSchema>;

export const AvailabilitySchema = z.strictObject({
  weekly: z.strictObject({
    mon: DaySchema,
    tue: DaySchema,
    wed: DaySchema,
    thu: DaySchema,
    fri: DaySchema,
    sat: DaySchema,
    sun: DaySchema,
  }),
  lengthMinutes: wholeNumber(AVAILABILITY_LIMITS.lengthMinutes),
  bufferMinutes: wholeNumber(AVAILABILITY_LIMITS.bufferMinutes),
  noticeHours: wholeNumber(AVAILABILITY_LIMITS.noticeHours),
  horizonDays: wholeNumber(AVAILABILITY_LIMITS.horizonDays),
  maxPerDay: wholeNumber(AVAILABILITY_LIMITS.maxPerDay),
  /** Unset until the studio says where calls happen (hours saved before it existed). */
  meeting: z.optional(MeetingSchema),
});
export type AvailabilityInput = z.input<typeof AvailabilitySchema>;
export type AvailabilityForm = z.output<typeof AvailabilitySchema>;

/** The field a problem is in, as a dotted path: `weekly.mon.1`, `lengthMinutes`. */
export type AvailabilityFieldErrors = Partial<Record<string, AvailabilityErrorCode>>;

type Issue = {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly keys?: readonly string[];
};

function toCode(message: string): AvailabilityErrorCode {
  return AVAILABILITY_ERROR_CODES.find((code) => code === message) ?? 'invalid';
}

const joinPath = (path: readonly PropertyKey[]) => path.map(String).join('.');

/**
 * The first problem of each field of a refused form: a range is named by its day and place
 * (`weekly.tue.0: reversed`), a time inside it by one more step (`weekly.tue.0.1:
 * invalid_time`), an unknown field by itself.
 */
export function toAvailabilityFieldErrors(error: {
  readonly issues: readonly Issue[];
}): AvailabilityFieldErrors {
  const fieldErrors: AvailabilityFieldErrors = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys' && issue.keys !== undefined) {
      for (const key of issue.keys) fieldErrors[joinPath([...issue.path, key])] ??= 'unknown_field';
      continue;
    }
    fieldErrors[joinPath(issue.path) || '(form)'] ??= toCode(issue.message);
  }
  return fieldErrors;
}

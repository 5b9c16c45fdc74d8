import { describe, expect, it } from 'vitest';
import {
  AVAILABILITY_LIMITS,
  AvailabilitySchema,
  toAvailabilityFieldErrors,
  type AvailabilityInput,
} from './booking-availability';

const OFFICE: AvailabilityInput = {
  weekly: {
    mon: [
      ['09:00', '12:00'],
      ['13:00', '17:00'],
    ],
    tue: [['09:00', '17:00']],
    wed: [['09:00', '17:00']],
    thu: [['09:00', '17:00']],
    fri: [['09:00', '13:00']],
    sat: [],
    sun: [],
  },
  lengthMinutes: 30,
  bufferMinutes: 10,
  noticeHours: 24,
  horizonDays: 30,
  maxPerDay: 8,
};

function fieldErrorsOf(input: unknown) {
  const result = AvailabilitySchema.safeParse(input);
  if (result.success) throw new Error('expected the form to be refused');
  return toAvailabilityFieldErrors(result.error);
}

const withMonday = (mon: unknown) => ({ ...OFFICE, weekly: { ...OFFICE.weekly, mon } });

describe('AvailabilitySchema', () => {
  it('keeps a week of hours, each day’s ranges sorted by start', () => {
    const parsed = AvailabilitySchema.parse(
      withMonday([
        ['13:00', '17:00'],
        ['09:00', '12:00'],
      ]),
    );
    expect(parsed).toEqual(OFFICE);
  });

  it('lets ranges touch, and lets "24:00" end a day but never start one', () => {
    const evening = withMonday([
      ['12:00', '18:00'],
      ['18:00', '24:00'],
    ]);
    expect(AvailabilitySchema.safeParse(evening).success).toBe(true);
    expect(fieldErrorsOf(withMonday([['24:00', '24:00']]))).toEqual({
      'weekly.mon.0.0': 'invalid_time',
    });
  });

  it('names the range that overlaps, is reversed or holds a time that is not one', () => {
    expect(
      fieldErrorsOf(
        withMonday([
          ['09:00', '12:00'],
          ['11:30', '14:00'],
        ]),
      ),
    ).toEqual({ 'weekly.mon': 'overlapping' });
    expect(fieldErrorsOf(withMonday([['17:00', '09:00']]))).toEqual({ 'weekly.mon.0': 'reversed' });
    expect(fieldErrorsOf(withMonday([['09:00', '09:00']]))).toEqual({ 'weekly.mon.0': 'reversed' });
    for (const time of ['9:00', '09:60', '25:00', '24:01', '09:00:00', ' 09:00', 9]) {
      expect(fieldErrorsOf(withMonday([[time, '12:00']])), String(time)).toEqual({
        'weekly.mon.0.0': 'invalid_time',
      });
    }
    expect(fieldErrorsOf(withMonday([['09:00']]))).toEqual({ 'weekly.mon.0': 'invalid' });
    const tooMany = Array.from({ length: AVAILABILITY_LIMITS.rangesPerDay + 1 }, (_, hour) => [
      `${String(hour).padStart(2, '0')}:00`,
      `${String(hour).padStart(2, '0')}:30`,
    ]);
    expect(fieldErrorsOf(withMonday(tooMany))).toEqual({ 'weekly.mon': 'too_many' });
  });

  it('bounds every rule, and refuses a missing day or a field it does not know', () => {
    expect(fieldErrorsOf({ ...OFFICE, lengthMinutes: 10 })).toEqual({
      lengthMinutes: 'out_of_range',
    });
    expect(fieldErrorsOf({ ...OFFICE, lengthMinutes: 241 })).toEqual({
      lengthMinutes: 'out_of_range',
    });
    expect(fieldErrorsOf({ ...OFFICE, bufferMinutes: -1 })).toEqual({
      bufferMinutes: 'out_of_range',
    });
    expect(fieldErrorsOf({ ...OFFICE, noticeHours: 337 })).toEqual({
      noticeHours: 'out_of_range',
    });
    expect(fieldErrorsOf({ ...OFFICE, horizonDays: 0 })).toEqual({ horizonDays: 'out_of_range' });
    expect(fieldErrorsOf({ ...OFFICE, maxPerDay: 49 })).toEqual({ maxPerDay: 'out_of_range' });
    expect(fieldErrorsOf({ ...OFFICE, maxPerDay: 2.5 })).toEqual({
      maxPerDay: 'not_whole_number',
    });
    expect(fieldErrorsOf({ ...OFFICE, maxPerDay: '8' })).toEqual({
      maxPerDay: 'not_whole_number',
    });
    expect(fieldErrorsOf({ ...OFFICE, weekly: { ...OFFICE.weekly, sun: undefined } })).toEqual({
      'weekly.sun': 'required',
    });
    expect(fieldErrorsOf({ ...OFFICE, timeZone: 'UTC' })).toEqual({ timeZone: 'unknown_field' });
  });
});

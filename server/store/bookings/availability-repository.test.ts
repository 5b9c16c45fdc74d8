import { expect, it } from 'vitest';
import { describeEachStore } from '../../../tests/server/helpers/store-fixtures';
import { DEFAULT_AVAILABILITY, type Availability } from '../../booking/booking-types';

const EVENINGS: Availability = {
  weekly: {
    mon: [],
    tue: [
      ['09:00', '12:00'],
      ['18:00', '24:00'],
    ],
    wed: [],
    thu: [['18:00', '21:30']],
    fri: [],
    sat: [['10:00', '14:00']],
    sun: [],
  },
  lengthMinutes: 45,
  bufferMinutes: 15,
  noticeHours: 4,
  horizonDays: 60,
  maxPerDay: 3,
};

describeEachStore('the booking hours', (subject) => {
  it('are the defaults until the studio saves its own, then those, on every connection', async () => {
    expect(await subject.store.bookings.readAvailability()).toEqual(DEFAULT_AVAILABILITY);
    await subject.store.bookings.saveAvailability(EVENINGS);
    expect(await subject.store.bookings.readAvailability()).toEqual(EVENINGS);
    const other = await subject.fixture.open();
    expect(await other.bookings.readAvailability()).toEqual(EVENINGS);
  });

  it('keep only the last save', async () => {
    await subject.store.bookings.saveAvailability(EVENINGS);
    await subject.store.bookings.saveAvailability({ ...EVENINGS, maxPerDay: 5 });
    expect(await subject.store.bookings.readAvailability()).toEqual({ ...EVENINGS, maxPerDay: 5 });
  });
});

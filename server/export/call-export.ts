import { Temporal } from 'temporal-polyfill';
import type { Booking, BookingState } from '../booking/booking-types';
import type { AudienceRepository } from '../store/audience/audience-repository';
import type { BookingRepository } from '../store/bookings/booking-repository-types';
import { iso } from './csv';

/** An exported enquiry with the visit it came from and the call it booked, if any. */
export type WithCall<T> = T & {
  source: string | null;
  campaign: string | null;
  call: Booking | null;
};

/** The booked call as the export writes it: its times in UTC and in the studio's zone. */
export type ExportedCall = {
  state: BookingState;
  start: string;
  end: string;
  startInStudioZone: string;
  endInStudioZone: string;
  timeZone: string;
  name: string;
  email: string;
  note: string;
  bookedAt: string;
};

/** The CSV columns of the visit and the call, after the enquiry's and its lead's. */
export const CALL_COLUMNS = [
  'source',
  'campaign',
  'call_state',
  'call_start',
  'call_end',
  'call_start_studio_time',
  'call_end_studio_time',
  'call_time_zone',
  'call_name',
  'call_email',
  'call_note',
  'call_booked_at',
] as const;

/** `2026-12-01T10:00:00+01:00`: the wall clock of the zone, with its offset that day. */
function inZone(instant: Date, timeZone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(instant.getTime())
    .toZonedDateTimeISO(timeZone)
    .toString({ timeZoneName: 'never', fractionalSecondDigits: 0 });
}

export function toExportedCall(call: Booking, timeZone: string): ExportedCall {
  return {
    state: call.state,
    start: iso(call.start),
    end: iso(call.end),
    startInStudioZone: inZone(call.start, timeZone),
    endInStudioZone: inZone(call.end, timeZone),
    timeZone,
    name: call.name,
    email: call.email,
    note: call.note,
    bookedAt: iso(call.createdAt),
  };
}

/** The visit's and the call's CSV cells; a lead that booked no call leaves the call's empty. */
export function callCells(item: WithCall<unknown>, timeZone: string): string[] {
  const from = [item.source ?? '', item.campaign ?? ''];
  if (item.call === null) return [...from, ...CALL_COLUMNS.slice(from.length).map(() => '')];
  const call = toExportedCall(item.call, timeZone);
  return [
    ...from,
    call.state,
    call.start,
    call.end,
    call.startInStudioZone,
    call.endInStudioZone,
    call.timeZone,
    call.name,
    call.email,
    call.note,
    call.bookedAt,
  ];
}

/**
 * A page reader for readInPages that reads each page's visits and calls with it, one query each
 * per page, so the export still holds one page in memory.
 */
export function withCalls<T extends { id: string }>(
  read: (last: WithCall<T> | null) => Promise<T[]>,
  stores: {
    audience: Pick<AudienceRepository, 'readAttributions'>;
    bookings: Pick<BookingRepository, 'readBookingsOfEnquiries'>;
  },
): (last: WithCall<T> | null) => Promise<WithCall<T>[]> {
  return async (last) => {
    const page = await read(last);
    const ids = page.map((item) => item.id);
    const visits = await stores.audience.readAttributions(ids);
    const calls = await stores.bookings.readBookingsOfEnquiries(ids);
    return page.map((item) => ({
      ...item,
      source: visits.get(item.id)?.source ?? null,
      campaign: visits.get(item.id)?.campaign ?? null,
      call: calls.get(item.id) ?? null,
    }));
  };
}

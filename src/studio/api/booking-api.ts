import type { AvailabilityForm, AvailabilityInput } from '../../../common/booking-availability';
import { requestJson } from './request';
import type { CallState } from './types';

/** The studio's weekly hours and the rules of a call. */
export const getAvailability = (signal?: AbortSignal) =>
  requestJson<AvailabilityForm>('booking/availability', signal ? { signal } : {});

/** Replaces the hours and rules whole; a 422 names each refused field. */
export const saveAvailability = (availability: AvailabilityInput) =>
  requestJson<AvailabilityForm>('booking/availability', { method: 'PUT', body: availability });

/** A call as the studio lists it; `start` and `end` are ISO 8601 instants. */
export type StudioCall = {
  id: string;
  start: string;
  end: string;
  name: string;
  email: string;
  note: string;
  state: CallState;
  enquiryId: string;
  /** The lead the call belongs to: its own, or the person's open lead it joined. */
  leadId: string;
  /** The visitor's own zone, their number (calls by phone) and their reason if they cancelled. */
  visitorTimeZone: string | null;
  phone: string | null;
  cancelReason: string | null;
  source: string | null;
  campaign: string | null;
};

/** Whether the studio's calendar (CALDAV_URL) is connected, and its host. */
export const getCalendarConnection = (signal?: AbortSignal) =>
  requestJson<{ connected: boolean; host: string | null }>(
    'booking/calendar',
    signal ? { signal } : {},
  );

/** The calls of the days from `from` to `to` (`YYYY-MM-DD`, the studio's days), earliest first. */
export const listCalls = (from: string, to: string, signal?: AbortSignal) =>
  requestJson<{ items: StudioCall[] }>(
    `bookings?${new URLSearchParams({ from, to }).toString()}`,
    signal ? { signal } : {},
  );

/** Cancels a call; the visitor is sent the cancellation with `message`, if any. */
export const cancelCall = (id: string, message: string) =>
  requestJson<{ success: true; booking: Pick<StudioCall, 'id' | 'state'> }>(
    `bookings/${encodeURIComponent(id)}/cancel`,
    {
      method: 'POST',
      body: message === '' ? {} : { message },
    },
  );

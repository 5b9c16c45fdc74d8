import type { AvailabilityForm, AvailabilityInput } from '../../../common/booking-availability';
import { requestJson } from './request';

/** The studio's weekly hours and the rules of a call. */
export const getAvailability = (signal?: AbortSignal) =>
  requestJson<AvailabilityForm>('booking/availability', signal ? { signal } : {});

/** Replaces the hours and rules whole; a 422 names each refused field. */
export const saveAvailability = (availability: AvailabilityInput) =>
  requestJson<AvailabilityForm>('booking/availability', { method: 'PUT', body: availability });

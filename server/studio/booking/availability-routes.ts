import type { Hono } from 'hono';
import * as z from 'zod/mini';
import {
  AvailabilitySchema,
  toAvailabilityFieldErrors,
} from '../../../common/booking-availability';
import { WEEKDAYS, type Availability } from '../../booking/booking-types';
import type { AvailabilityRepository } from '../../store/bookings/availability-repository';
import { readStudioBody } from '../read-studio-body';
import { requireStaff, type StudioEnv } from '../studio-env';
import type { StudioKit } from '../studio-kit';

/** Seven days of a dozen ranges and five numbers: a couple of kilobytes at most. */
const AVAILABILITY_BODY_LIMIT = 8 * 1024;

/** The audit line: every day's hours and every rule, short enough to read in a list. */
function describeAvailability(availability: Availability): string {
  const days = WEEKDAYS.map((day) => {
    const ranges = availability.weekly[day].map(([start, end]) => `${start}-${end}`);
    return `${day} ${ranges.join(',') || 'off'}`;
  });
  const { lengthMinutes, bufferMinutes, noticeHours, horizonDays, maxPerDay } = availability;
  const where = availability.meeting?.kind ?? 'unset';
  return `${days.join('; ')}; ${lengthMinutes} min +${bufferMinutes}, ${noticeHours} h notice, ${horizonDays} days, ${maxPerDay} a day; meeting ${where}`;
}

/**
 * GET booking/calendar: `{connected, host}`. GET · PUT booking/availability: the studio's weekly
 * hours, the rules of a call and where calls happen (`meeting`). Everyone
 * reads them; only owners change them (403 `forbidden` for members), as the studio's other
 * settings. A PUT replaces them whole; a refused one (422, its fields named) changes nothing.
 * `onSaved` drops the free slots this instance keeps.
 */
export function registerAvailabilityRoutes(
  app: Hono<StudioEnv>,
  kit: StudioKit,
  deps: {
    hours: AvailabilityRepository;
    onSaved: () => void;
    /** The host of CALDAV_URL (never its user or password); null when no calendar is set. */
    calendarHost: string | null;
  },
): void {
  const { respond } = kit;

  // Whether the studio's calendar is connected: its busy times leave the slots, and each call
  // is written into it. Without one, the hours alone decide.
  app.get('/booking/calendar', () =>
    respond.json(200, { connected: deps.calendarHost !== null, host: deps.calendarHost }),
  );

  app.get('/booking/availability', async () =>
    respond.json(200, await deps.hours.readAvailability()),
  );

  app.put('/booking/availability', async (c) => {
    const staff = await kit.auth.findStaffByEmail(requireStaff(c).email);
    if (staff?.role !== 'owner') return respond.error(403, 'forbidden');
    const body = await readStudioBody(c.req.raw, z.unknown(), {
      limit: AVAILABILITY_BODY_LIMIT,
      respond,
    });
    if (!body.ok) return body.response;
    const parsed = AvailabilitySchema.safeParse(body.value);
    if (!parsed.success) {
      return respond.json(422, {
        success: false,
        error: 'invalid_availability',
        fieldErrors: toAvailabilityFieldErrors(parsed.error),
      });
    }
    await deps.hours.saveAvailability(parsed.data);
    deps.onSaved();
    await kit.audit(
      c,
      'booking.availability',
      requireStaff(c).email,
      describeAvailability(parsed.data),
    );
    return respond.json(200, parsed.data);
  });
}

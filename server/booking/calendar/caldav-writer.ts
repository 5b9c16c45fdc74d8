import type { Meeting } from '../../../common/booking-availability';
import type { Booking } from '../booking-types';
import { renderBookingEvent } from './booking-event';
import { unavailable, type CaldavConnection } from './caldav-connection';
import type { CalendarHealth } from './calendar-trouble';

/** Puts each booking into the studio's calendar as it now stands. */
export type CalendarWriter = {
  /**
   * Writes the booking's event (a confirmed or pending call) or removes it (a cancelled one).
   * Idempotent: the event's resource is named by the booking's UID, so a write repeated by
   * another instance or after a crash leaves the same one event.
   */
  write(booking: Booking): Promise<void>;
  /** Removes the event named by `uid`, whose booking is gone; one already gone is done too. */
  remove(uid: string): Promise<void>;
};

/** Where a booking's event lives in the collection: one resource per UID. */
function resourceUrl(connection: CaldavConnection, uid: string): string {
  return new URL(`${encodeURIComponent(uid)}.ics`, connection.collectionUrl).href;
}

/**
 * Whether the calendar itself says it did it. A PUT is stored when it answers 201 or 204 (RFC
 * 4791), or 200 with the new event's ETag; a DELETE when it answers 204, a 200 that is not a
 * page, or that the event is gone (404, 410). A sign-in or maintenance page answering 200
 * is not a calendar: the write is retried, not counted.
 */
function isConfirmed(response: Response, method: 'PUT' | 'DELETE'): boolean {
  const isPage = /html/i.test(response.headers.get('content-type') ?? '');
  if (method === 'PUT') {
    return (
      response.status === 201 ||
      response.status === 204 ||
      (response.status === 200 && !isPage && response.headers.has('etag'))
    );
  }
  return (
    response.status === 204 ||
    response.status === 404 ||
    response.status === 410 ||
    (response.status === 200 && !isPage)
  );
}

export function createCaldavWriter(options: {
  connection: CaldavConnection;
  /** The site's origin, for the event's link to the lead in the studio. */
  siteOrigin: string;
  /** Where calls happen, read as each event is written, as the emails read it as they go. */
  readMeeting: () => Promise<Meeting | undefined>;
  now?: () => Date;
  /** Told each write's outcome, for /readyz. */
  health?: CalendarHealth;
}): CalendarWriter {
  const { connection, siteOrigin, readMeeting, now = () => new Date(), health } = options;

  /** PUTs the event, or DELETEs it with `body` null. */
  async function send(uid: string, body: string | null): Promise<void> {
    try {
      const response = await fetch(resourceUrl(connection, uid), {
        method: body === null ? 'DELETE' : 'PUT',
        headers: {
          ...connection.headers,
          ...(body === null ? {} : { 'content-type': 'text/calendar; charset=utf-8' }),
        },
        body: body ?? undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(connection.timeoutMs),
      });
      await response.body?.cancel();
      if (!isConfirmed(response, body === null ? 'DELETE' : 'PUT')) {
        const type = response.headers.get('content-type') ?? 'no content type';
        throw new Error(
          `${response.status} ${response.statusText} (${type}) is not a calendar's answer`,
        );
      }
    } catch (error) {
      const refusal = unavailable(error, connection.timeoutMs);
      health?.failed(refusal.reason);
      throw refusal;
    }
    health?.wrote();
  }

  return {
    write: async (booking) =>
      send(
        booking.uid,
        booking.state === 'cancelled'
          ? null
          : renderBookingEvent(booking, {
              stampedAt: now(),
              siteOrigin,
              meeting: await readMeeting(),
            }),
      ),
    remove: (uid) => send(uid, null),
  };
}

import type { Booking } from '../booking-types';
import { renderBookingEvent } from './booking-event';
import { unavailable, type CaldavConnection } from './caldav-connection';

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

export function createCaldavWriter(options: {
  connection: CaldavConnection;
  /** The site's origin, for the event's link to the lead in the studio. */
  siteOrigin: string;
  now?: () => Date;
}): CalendarWriter {
  const { connection, siteOrigin, now = () => new Date() } = options;

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
        signal: AbortSignal.timeout(connection.timeoutMs),
      });
      await response.body?.cancel();
      // An event already gone is what a delete wants.
      const isDone =
        response.ok || (body === null && (response.status === 404 || response.status === 410));
      if (!isDone) throw new Error(`${response.status} ${response.statusText}`);
    } catch (error) {
      throw unavailable(error, connection.timeoutMs);
    }
  }

  return {
    write: (booking) =>
      send(
        booking.uid,
        booking.state === 'cancelled'
          ? null
          : renderBookingEvent(booking, { stampedAt: now(), siteOrigin }),
      ),
    remove: (uid) => send(uid, null),
  };
}

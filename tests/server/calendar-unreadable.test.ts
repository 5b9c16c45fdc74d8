import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_ENDPOINT } from '../../common/booking-request';
import { createCaldavWriter } from '../../server/booking/calendar/caldav-writer';
import { connectionFor } from '../../server/booking/calendar/caldav-connection';
import type { Booking } from '../../server/booking/booking-types';
import { errorOf, postJson } from './helpers/api-client';
import { BACKENDS } from './helpers/backends';
import { visitor, weekdayAt } from './helpers/booking-requests';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import { listenOnLoopback } from '../support/listen-on-loopback';

const TOKEN = 'scrape-token-0123456789abcdef';
const MULTISTATUS = 'application/xml; charset=utf-8';

/** Ways a wrong URL, a proxy or a sign-in page answers where a calendar should. */
const ANSWERS: Record<string, (response: ServerResponse) => void> = {
  'a sign-in page (200 HTML)': (response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<!doctype html><title>Sign in</title><form>…</form>');
  },
  'an empty 2xx': (response) => {
    response.writeHead(204);
    response.end();
  },
  'a 207 whose every object is refused (403)': (response) => {
    response.writeHead(207, { 'content-type': MULTISTATUS });
    response.end(
      `<?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">${[
        1, 2,
      ]
        .map(
          (n) =>
            `<d:response><d:href>/cal/${n}.ics</d:href><d:propstat><d:prop><d:getetag/><c:calendar-data/></d:prop><d:status>HTTP/1.1 403 Forbidden</d:status></d:propstat></d:response>`,
        )
        .join('')}</d:multistatus>`,
    );
  },
  'an unparseable 207': (response) => {
    response.writeHead(207, { 'content-type': MULTISTATUS });
    response.end('<d:multistatus xmlns:d="DAV:"><d:response><d:href>');
  },
  'a 207 over the size cap': (response) => {
    response.writeHead(207, { 'content-type': MULTISTATUS });
    response.end(`<?xml version="1.0"?><!-- ${'x'.repeat(17 * 1024 * 1024)} -->`);
  },
};

type Answer = keyof typeof ANSWERS;

describe("a calendar that answers, but not with the studio's calendar", () => {
  let answer: Answer = 'a sign-in page (200 HTML)';
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.on('end', () => ANSWERS[answer]?.(response));
  });
  let app: TestApp;
  let caldavUrl: string;

  beforeAll(async () => {
    const port = await listenOnLoopback(server);
    caldavUrl = `http://studio:app-password@127.0.0.1:${port}/calendars/studio/`;
    app = await startTestApp(BACKENDS[0]!, { CALDAV_URL: caldavUrl, METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await app?.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it.each(Object.keys(ANSWERS))(
    'is unreadable when it answers %s: no slot is offered, nothing is booked, /readyz says why',
    async (name) => {
      answer = name;
      // Each asks a range of its own: no list kept from another answer is served.
      const day = weekdayAt(Object.keys(ANSWERS).indexOf(name), 10).slice(0, 10);
      await expect
        .poll(
          async () => (await fetch(`${app.url}/api/booking/slots?from=${day}&to=${day}`)).status,
          {
            timeout: 20_000,
          },
        )
        .toBe(503);
      const booking = await postJson(
        `${app.url}${BOOKING_ENDPOINT}`,
        visitor(weekdayAt(Object.keys(ANSWERS).indexOf(name), 11)),
      );
      expect(booking.status).toBe(503);
      expect(errorOf(booking.body)).toBe('calendar_unavailable');
      expect(
        await app.store.bookings.listBookings(new Date(), new Date(Date.now() + 40 * 86_400_000)),
      ).toEqual([]);

      const ready = await fetch(`${app.url}/readyz`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      const body = (await ready.json()) as { status: string; reason?: string };
      expect(body.status).toBe('degraded');
      expect(body.reason).toContain("the studio's calendar cannot be used");
    },
  );

  it('counts no write the calendar did not confirm', async () => {
    answer = 'a sign-in page (200 HTML)';
    const writer = createCaldavWriter({
      connection: connectionFor(caldavUrl),
      siteOrigin: 'https://emberandink.example',
      readMeeting: () => Promise.resolve(undefined),
    });
    const booking: Booking = {
      id: 'b1',
      enquiryId: 'e1',
      name: 'Ann Lee',
      email: 'ann@example.com',
      note: '',
      visitorTimeZone: null,
      phone: null,
      cancelReason: null,
      meetingRoom: null,
      start: new Date('2027-01-04T10:00:00Z'),
      end: new Date('2027-01-04T10:30:00Z'),
      state: 'confirmed',
      uid: 'b1@emberandink.example',
      sequence: 0,
      createdAt: new Date('2027-01-01T00:00:00Z'),
    };
    await expect(writer.write(booking)).rejects.toThrow(
      /200 OK \(text\/html\) is not a calendar's answer/,
    );
    await expect(writer.remove(booking.uid)).rejects.toThrow(/not a calendar's answer/);
    answer = 'an empty 2xx';
    await expect(writer.remove(booking.uid)).resolves.toBeUndefined();
  });
});

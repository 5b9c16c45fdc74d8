import { createServer } from 'node:net';
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_ENDPOINT, BOOKING_MANAGE_ENDPOINT } from '../../common/booking-request';
import { IDEMPOTENCY_HEADER } from '../../common/endpoints';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { errorOf, postJson } from './helpers/api-client';
import {
  DAY_MS,
  NO_SOLUTION,
  plusHalfHour,
  sentTo,
  visitor,
  weekdayAt,
} from './helpers/booking-requests';
import { startTestApp, type TestApp } from './helpers/start-test-app';

/** The text/calendar part of an email, parsed: its METHOD and its one VEVENT. */
function invitationOf(mail: ParsedMail) {
  const part = mail.attachments.find((attachment) => attachment.contentType === 'text/calendar');
  if (part === undefined) throw new Error('The email carries no invitation');
  const calendar = new ICAL.Component(ICAL.parse(part.content.toString('utf8')) as unknown[]);
  const event = calendar.getFirstSubcomponent('vevent');
  if (event === null) throw new Error('The invitation has no event');
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    start: new Date(String(event.getFirstPropertyValue('dtstart'))).toISOString(),
  };
}

function manageTokenOf(mail: ParsedMail): string {
  const token = /\/booking\/manage\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
  if (token === undefined) throw new Error('The email carries no manage link');
  return token;
}

for (const backend of BACKENDS) {
  describe.skipIf(isUnavailable(backend))(`POST ${BOOKING_ENDPOINT} (${backend.name})`, () => {
    let app: TestApp;
    const url = (path: string) => `${app.url}${path}`;

    beforeAll(async () => {
      app = await startTestApp(backend);
    });
    afterAll(() => app.close());

    async function bookedCount(): Promise<number> {
      const from = new Date();
      const to = new Date(Date.now() + 60 * DAY_MS);
      return (await app.store.bookings.listBookings(from, to)).length;
    }

    it('books a free slot, files the lead and sends both invitations, the visitor’s with a link', async () => {
      const start = weekdayAt(0, 10);
      const request = visitor(start);
      const response = await postJson(url(BOOKING_ENDPOINT), request);
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ success: true, start, end: plusHalfHour(start) });
      const { id } = response.body as { id: string };
      const booking = await app.store.bookings.getBooking(id);
      expect(booking).toMatchObject({ name: 'Ann Lee', email: request.email, state: 'confirmed' });
      const lead = await app.store.getEnquiry(booking?.enquiryId ?? '');
      expect(lead?.message).toContain('A new identity for our bakery.');

      const toVisitor = await app.smtp.waitFor(sentTo(request.email, /^Your call with Ember/));
      expect(invitationOf(toVisitor)).toMatchObject({ method: 'REQUEST', sequence: 0, start });
      expect(manageTokenOf(toVisitor)).toHaveLength(43);
      const toStudio = await app.smtp.waitFor(sentTo(app.config.mailTo, /^Call booked: Ann Lee/));
      expect(invitationOf(toStudio).uid).toBe(booking?.uid);
      const leadPage = new URLSearchParams({ view: 'enquiry', id: booking?.enquiryId ?? '' });
      expect(toStudio.text).toContain(`/studio?${leadPage.toString()}`);

      // That email is the studio's news of the call's enquiry: once it is out, the enquiry is
      // sent, and no "New enquiry" about the same visitor follows it.
      await expect.poll(async () => (await app.store.readOutboxBacklog()).count).toBe(0);
      expect((await app.store.getEnquiry(booking?.enquiryId ?? ''))?.delivery.status).toBe('sent');
      const aboutAnn = app.smtp.messages.filter(sentTo(app.config.mailTo, /Ann Lee/));
      expect(aboutAnn.map((mail) => mail.subject)).toEqual([toStudio.subject]);
    });

    it('keeps the visitor’s zone with the call and gives their time beside the studio’s; refuses an unknown zone', async () => {
      const before = await bookedCount();
      const unknown = await postJson(
        url(BOOKING_ENDPOINT),
        visitor(weekdayAt(4, 10), { timeZone: 'Mars/Olympus_Mons' }),
      );
      expect(unknown.status).toBe(422);
      expect(unknown.body).toMatchObject({ fieldErrors: { timeZone: 'invalid' } });
      expect(await bookedCount()).toBe(before);

      const request = visitor(weekdayAt(4, 10), { timeZone: 'America/Chicago' });
      const booked = await postJson(url(BOOKING_ENDPOINT), request);
      expect(booked.status).toBe(201);
      const { id } = booked.body as { id: string };
      expect((await app.store.bookings.getBooking(id))?.visitorTimeZone).toBe('America/Chicago');
      const invitation = await app.smtp.waitFor(sentTo(request.email, /^Your call with Ember/));
      expect(invitation.text).toMatch(
        /10:00–10:30 \(UTC time\); 0[45]:00–0[45]:30 your time in Chicago/,
      );
    });

    it('answers 409 slot_taken with the nearest free slots when the time was just taken', async () => {
      const start = weekdayAt(1, 11);
      expect((await postJson(url(BOOKING_ENDPOINT), visitor(start))).status).toBe(201);
      const before = await bookedCount();
      const again = await postJson(url(BOOKING_ENDPOINT), visitor(start));
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ success: false, error: 'slot_taken', reason: 'taken' });
      const { nearest } = again.body as { nearest: { start: string }[] };
      expect(nearest.length).toBeGreaterThan(0);
      expect(nearest.map((slot) => slot.start)).not.toContain(start);
      expect(nearest.map((slot) => slot.start)).toContain(plusHalfHour(start));
      expect(await bookedCount()).toBe(before);
    });

    it('refuses what is not a slot or not a booking with a clear 4xx, and stores nothing', async () => {
      const before = await bookedCount();
      const refusals: [unknown, number, string, Record<string, unknown>?][] = [
        [visitor(weekdayAt(0, 10, 10)), 422, 'invalid_slot', { reason: 'off_grid' }],
        [visitor(weekdayAt(0, 7)), 422, 'invalid_slot', { reason: 'outside_hours' }],
        [visitor('2020-01-06T10:00:00Z'), 422, 'invalid_slot', { reason: 'past' }],
        [visitor('next tuesday'), 422, 'invalid_slot', { reason: 'malformed' }],
        [
          visitor(new Date(Date.now() + 90 * DAY_MS).toISOString()),
          422,
          'invalid_slot',
          { reason: 'beyond_horizon' },
        ],
        [
          visitor(weekdayAt(2, 10), { name: 'Ann\r\nBcc: victim@example.com' }),
          422,
          'invalid_fields',
          { fieldErrors: { name: 'not_single_line' } },
        ],
        [
          visitor(weekdayAt(2, 10), { note: 'x'.repeat(2001) }),
          422,
          'invalid_fields',
          { fieldErrors: { note: 'too_long' } },
        ],
        [
          visitor(weekdayAt(2, 10), { email: 'not-an-address' }),
          422,
          'invalid_fields',
          { fieldErrors: { email: 'invalid_email' } },
        ],
        [visitor(weekdayAt(2, 10), { extra: 1 }), 422, 'invalid_fields'],
        ['{"start": ', 400, 'bad_json'],
      ];
      for (const [body, status, error, details] of refusals) {
        const response = await postJson(url(BOOKING_ENDPOINT), body);
        expect({ status: response.status, error: errorOf(response.body) }).toEqual({
          status,
          error,
        });
        if (details !== undefined) expect(response.body).toMatchObject(details);
      }
      const crossSite = await postJson(url(BOOKING_ENDPOINT), visitor(weekdayAt(2, 10)), {
        origin: 'https://evil.example',
      });
      expect(crossSite.status).toBe(403);
      expect(await bookedCount()).toBe(before);
    });

    it('answers a retry with the same Idempotency-Key as the first time, booking once', async () => {
      const start = weekdayAt(2, 13);
      const request = visitor(start);
      const headers = { [IDEMPOTENCY_HEADER]: `booking-${Date.now()}` };
      const first = await postJson(url(BOOKING_ENDPOINT), request, headers);
      const retry = await postJson(url(BOOKING_ENDPOINT), request, headers);
      expect(first.status).toBe(201);
      expect(retry.status).toBe(201);
      expect(retry.body).toEqual(first.body);
    });

    it('lets the visitor’s link move the call (same UID, higher SEQUENCE), then cancel it, then nothing', async () => {
      const start = weekdayAt(3, 9);
      const request = visitor(start);
      const booked = await postJson(url(BOOKING_ENDPOINT), request);
      const { id } = booked.body as { id: string };
      const invitation = await app.smtp.waitFor(sentTo(request.email, /^Your call with Ember/));
      const token = manageTokenOf(invitation);

      const later = weekdayAt(3, 15);
      const moved = await postJson(url(BOOKING_MANAGE_ENDPOINT), {
        ...NO_SOLUTION,
        token,
        action: 'reschedule',
        start: later,
      });
      expect(moved.body).toEqual({ success: true, start: later, end: plusHalfHour(later) });
      expect(moved).toMatchObject({
        status: 200,
        body: { success: true, start: later, end: plusHalfHour(later) },
      });
      const update = await app.smtp.waitFor(sentTo(request.email, /moved/));
      expect(invitationOf(update)).toMatchObject({
        method: 'REQUEST',
        uid: invitationOf(invitation).uid,
        sequence: 1,
        start: later,
      });
      // The time it left is free again.
      expect((await postJson(url(BOOKING_ENDPOINT), visitor(start))).status).toBe(201);

      const newToken = manageTokenOf(update);
      const tooLong = await postJson(url(BOOKING_MANAGE_ENDPOINT), {
        ...NO_SOLUTION,
        token: newToken,
        action: 'cancel',
        reason: 'x'.repeat(2001),
      });
      expect(tooLong.status).toBe(422);
      expect((await app.store.bookings.getBooking(id))?.state).toBe('confirmed');
      // The first email's link still opens the call, now at its new time, and cancels it.
      const cancelled = await postJson(url(BOOKING_MANAGE_ENDPOINT), {
        ...NO_SOLUTION,
        token,
        action: 'cancel',
        reason: 'Our launch moved.',
      });
      expect(cancelled).toMatchObject({ status: 200, body: { success: true } });
      expect((await app.store.bookings.getBooking(id))?.cancelReason).toBe('Our launch moved.');
      const toStudio = sentTo(app.config.mailTo, /^Call cancelled/);
      await app.smtp.waitFor(
        (mail) => toStudio(mail) && (mail.text ?? '').includes('Their reason:\nOur launch moved.'),
      );
      const cancellation = await app.smtp.waitFor(sentTo(request.email, /is cancelled/));
      expect(invitationOf(cancellation)).toMatchObject({ method: 'CANCEL', sequence: 2 });
      expect((await app.store.bookings.getBooking(id))?.state).toBe('cancelled');

      const again = await postJson(url(BOOKING_MANAGE_ENDPOINT), {
        ...NO_SOLUTION,
        token: newToken,
        action: 'cancel',
      });
      expect({ status: again.status, error: errorOf(again.body) }).toEqual({
        status: 410,
        error: 'gone',
      });
      const forged = await postJson(url(BOOKING_MANAGE_ENDPOINT), {
        ...NO_SOLUTION,
        token: 'A'.repeat(43),
        action: 'cancel',
      });
      expect({ status: forged.status, error: errorOf(forged.body) }).toEqual({
        status: 404,
        error: 'not_found',
      });
      const unknownAction = await postJson(url(BOOKING_MANAGE_ENDPOINT), {
        ...NO_SOLUTION,
        token: newToken,
        action: 'delete',
      });
      expect(unknownAction.status).toBe(422);
    });

    it('moves a call only to a free slot: 409 with the nearest, the call left where it was', async () => {
      const first = weekdayAt(4, 9);
      const second = weekdayAt(4, 10);
      const request = visitor(first);
      const { body } = await postJson(url(BOOKING_ENDPOINT), request);
      await postJson(url(BOOKING_ENDPOINT), visitor(second));
      const invitation = await app.smtp.waitFor(sentTo(request.email, /^Your call with Ember/));
      const moved = await postJson(url(BOOKING_MANAGE_ENDPOINT), {
        ...NO_SOLUTION,
        token: manageTokenOf(invitation),
        action: 'reschedule',
        start: second,
      });
      expect(moved.status).toBe(409);
      expect(errorOf(moved.body)).toBe('slot_taken');
      const booking = await app.store.bookings.getBooking((body as { id: string }).id);
      expect(booking?.start.toISOString()).toBe(first);
    });
  });
}

/** A loopback port with nothing listening: a calendar that cannot be reached. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const [sqlite] = BACKENDS;

describe(`POST ${BOOKING_ENDPOINT} while the studio's calendar cannot be read`, () => {
  let app: TestApp;

  beforeAll(async () => {
    if (sqlite === undefined) throw new Error('SQLite is always a backend');
    const port = await closedPort();
    app = await startTestApp(sqlite, {
      CALDAV_URL: `http://studio:app-password@127.0.0.1:${port}/calendars/studio/`,
      RATE_LIMIT_MAX: '3',
    });
  });
  afterAll(() => app.close());

  it('answers 503 calendar_unavailable with words that offer the contact form, booking nothing', async () => {
    const response = await postJson(`${app.url}${BOOKING_ENDPOINT}`, visitor(weekdayAt(0, 10)));
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ success: false, error: 'calendar_unavailable' });
    expect((response.body as { message: string }).message).toContain('contact form');
    const bookings = await app.store.bookings.listBookings(
      new Date(),
      new Date(Date.now() + 60 * DAY_MS),
    );
    expect(bookings).toEqual([]);
    expect(await app.store.listEnquiries()).toEqual([]);
  });

  it('refuses a flood from one client with 429, as the contact form does', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      statuses.push((await postJson(`${app.url}${BOOKING_ENDPOINT}`, '{')).status);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

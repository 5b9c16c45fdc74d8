import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_ENDPOINT } from '../../common/booking-request';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { postJson } from './helpers/api-client';
import { sentTo, visitor, weekdayAt } from './helpers/booking-requests';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import {
  createSignedInStaff,
  studioFetch,
  studioTargetOf,
  type StudioStaff,
} from './helpers/studio-session';

for (const backend of BACKENDS) {
  describe.skipIf(isUnavailable(backend))(`the studio's bookings (${backend.name})`, () => {
    let app: TestApp;
    let staff: StudioStaff;

    beforeAll(async () => {
      app = await startTestApp(backend);
      staff = await createSignedInStaff(studioTargetOf(app));
    });
    afterAll(() => app.close());

    const studio = (path: string, init: { method?: string; body?: unknown } = {}) =>
      studioFetch(studioTargetOf(app), path, { ...init, cookie: staff.cookie });

    it('lists the calls of the days asked, shows the call on its lead, and cancels it with a message', async () => {
      const start = weekdayAt(0, 14);
      const request = visitor(start, { note: 'Our bakery' });
      const booked = await postJson(`${app.url}${BOOKING_ENDPOINT}`, request);
      const { id } = booked.body as { id: string };
      const day = start.slice(0, 10);

      const listed = await studio(`/bookings?from=${day}&to=${day}`);
      expect(listed.status).toBe(200);
      const { items } = (await listed.json()) as { items: { id: string; enquiryId: string }[] };
      const item = items.find((candidate) => candidate.id === id);
      expect(item).toMatchObject({
        start,
        name: 'Ann Lee',
        note: 'Our bakery',
        state: 'confirmed',
      });

      const lead = await studio(`/leads/${item?.enquiryId ?? ''}`);
      expect(await lead.json()).toMatchObject({ booking: { id, start, state: 'confirmed' } });

      const cancelled = await studio(`/bookings/${id}/cancel`, {
        method: 'POST',
        body: { message: 'We are away that week, sorry.' },
      });
      expect(cancelled.status).toBe(200);
      const mail = await app.smtp.waitFor(sentTo(request.email, /is cancelled/));
      expect(mail.text).toContain('We are away that week, sorry.');
      // Written by a person, it comes in their name, from the studio's own address.
      expect(mail.from?.value[0]?.name).toMatch(/ at Ember & Ink$/);
      expect((await app.store.bookings.getBooking(id))?.state).toBe('cancelled');
      const audit = await app.store.auth.listAudit(20);
      expect(audit.map((entry) => [entry.event, entry.detail])).toContainEqual([
        'booking.cancel',
        id,
      ]);

      const again = await studio(`/bookings/${id}/cancel`, { method: 'POST', body: {} });
      expect(again.status).toBe(409);
    });

    it('links a call booked by someone with an open lead to that lead, whose story it joins', async () => {
      const start = weekdayAt(2, 15);
      const request = visitor(start, { note: 'About the rebrand' });
      const enquiry = await app.store.saveEnquiry({
        message: {
          name: 'Ann Lee',
          email: request.email,
          service: 'Brand Strategy',
          message: 'We would like a new brand for our bakery.',
        },
        isSpam: false,
        clientIp: '203.0.113.7',
        userAgent: 'Test Browser',
        idempotency: null,
        sender: { address: 'studio@emberandink.example', messageDomain: 'emberandink.example' },
      });
      if (enquiry.kind !== 'created')
        throw new Error(`Expected a new enquiry, got ${enquiry.kind}`);
      const booked = await postJson(`${app.url}${BOOKING_ENDPOINT}`, request);
      const { id } = booked.body as { id: string };
      const day = start.slice(0, 10);

      const listed = await studio(`/bookings?from=${day}&to=${day}`);
      const { items } = (await listed.json()) as {
        items: { id: string; enquiryId: string; leadId: string }[];
      };
      const item = items.find((candidate) => candidate.id === id);
      expect(item?.leadId).toBe(enquiry.id);
      expect(item?.enquiryId).not.toBe(enquiry.id);

      const lead = (await (await studio(`/leads/${item?.leadId ?? ''}`)).json()) as {
        id: string;
        message: string;
        calls: { id: string }[];
      };
      expect(lead.id).toBe(enquiry.id);
      expect(lead.message).toBe('We would like a new brand for our bakery.');
      expect(lead.calls.map((call) => call.id)).toEqual([id]);
    });

    it('refuses a bad range, an unknown call and a hostile message with a 4xx, changing nothing', async () => {
      expect((await studio('/bookings?from=2031-13-01&to=2031-13-02')).status).toBe(400);
      expect((await studio('/bookings?from=2031-03-05&to=2031-03-01')).status).toBe(400);
      const unknown = await studio('/bookings/00000000-0000-4000-8000-000000000000/cancel', {
        method: 'POST',
        body: {},
      });
      expect(unknown.status).toBe(404);
      const start = weekdayAt(1, 14);
      const { body } = await postJson(`${app.url}${BOOKING_ENDPOINT}`, visitor(start));
      const { id } = body as { id: string };
      const hostile = await studio(`/bookings/${id}/cancel`, {
        method: 'POST',
        body: { message: 'x\u0000y' },
      });
      expect(hostile.status).toBe(400);
      expect((await app.store.bookings.getBooking(id))?.state).toBe('confirmed');
      const signedOut = await fetch(`${app.url}/api/studio/bookings?from=2031-03-01&to=2031-03-02`);
      expect(signedOut.status).toBe(401);
    });
  });
}

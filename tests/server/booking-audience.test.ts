import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudienceReport } from '../../common/audience';
import { BOOKING_ENDPOINT } from '../../common/booking-request';
import { CONTACT_ENDPOINT } from '../../common/endpoints';
import { conversionOf } from '../../src/studio/audience/audience-tables';
import { idOf, postJson, validEnquiry } from './helpers/api-client';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import { createSignedInStaff, studioFetch, studioTargetOf } from './helpers/studio-session';

const AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 booking';

const dayAfter = (days: number): string =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(BACKENDS)('a booking on the Audience page ($name)', (backend) => {
  let app: TestApp;
  let cookie: string;

  beforeAll(async () => {
    if (isUnavailable(backend)) return;
    app = await startTestApp(backend);
    ({ cookie } = await createSignedInStaff(studioTargetOf(app)));
  });
  afterAll(() => app?.close());

  it.skipIf(isUnavailable(backend))(
    'is a lead attributed to the visit it came from, counted for its source and campaign, and leaves the list at once',
    async () => {
      const landing = await fetch(
        `${app.url}/?utm_source=instagram&utm_medium=social&utm_campaign=call-week`,
        { headers: { 'user-agent': AGENT } },
      );
      expect(landing.status).toBe(200);
      const slots = await fetch(
        `${app.url}/api/booking/slots?from=${dayAfter(0)}&to=${dayAfter(13)}`,
      );
      const [slot] = ((await slots.json()) as { slots: { start: string }[] }).slots;
      if (slot === undefined) throw new Error('Two weeks of the default hours hold a free slot');

      const booked = await postJson(
        `${app.url}${BOOKING_ENDPOINT}`,
        { start: slot.start, name: 'Ann Lee', email: 'ann.lee@example.com' },
        { 'user-agent': AGENT },
      );
      expect(booked.status).toBe(201);
      const { id } = booked.body as { id: string };
      const again = await fetch(
        `${app.url}/api/booking/slots?from=${dayAfter(0)}&to=${dayAfter(13)}`,
      );
      const starts = ((await again.json()) as { slots: { start: string }[] }).slots;
      expect(starts.map(({ start }) => start)).not.toContain(slot.start);
      const booking = await app.store.bookings.getBooking(id);
      if (booking === null) throw new Error('The booking answered 201 is stored');

      const detail = await studioFetch(studioTargetOf(app), `/enquiries/${booking.enquiryId}`, {
        cookie,
      });
      expect(((await detail.json()) as { attribution: unknown }).attribution).toMatchObject({
        source: 'instagram',
        medium: 'social',
        campaign: 'call-week',
        landingPath: '/',
      });
      const day = booking.start.toISOString().slice(0, 10);
      const calls = await studioFetch(studioTargetOf(app), `/bookings?from=${day}&to=${day}`, {
        cookie,
      });
      expect(((await calls.json()) as { items: unknown[] }).items).toContainEqual(
        expect.objectContaining({ id, source: 'instagram', campaign: 'call-week' }),
      );
      const report = await studioFetch(
        studioTargetOf(app),
        `/audience?from=${dayAfter(0)}&to=${dayAfter(0)}`,
        { cookie },
      );
      expect(((await report.json()) as AudienceReport).campaigns).toContainEqual(
        expect.objectContaining({
          source: 'instagram',
          medium: 'social',
          campaign: 'call-week',
          visitors: 1,
          enquiries: 1,
        }),
      );
    },
  );

  it.skipIf(isUnavailable(backend))(
    'counts a client who wrote twice, their first lead lost, and then booked as one converted visitor',
    async () => {
      const agent = `${AGENT} returning`;
      await fetch(`${app.url}/?utm_source=podcast&utm_medium=audio&utm_campaign=second-look`, {
        headers: { 'user-agent': agent },
      });
      const enquiry = validEnquiry({ email: `returning.${Date.now()}@example.com` });
      const first = await postJson(`${app.url}${CONTACT_ENDPOINT}`, enquiry, {
        'user-agent': agent,
      });
      expect(first.status).toBe(201);
      const lost = await studioFetch(studioTargetOf(app), `/enquiries/${idOf(first.body)}`, {
        method: 'PATCH',
        body: { stage: 'lost' },
        cookie,
      });
      expect(lost.status).toBe(200);
      const second = await postJson(`${app.url}${CONTACT_ENDPOINT}`, enquiry, {
        'user-agent': agent,
      });
      expect(second.status).toBe(201);
      const slots = await fetch(
        `${app.url}/api/booking/slots?from=${dayAfter(0)}&to=${dayAfter(13)}`,
      );
      const [slot] = ((await slots.json()) as { slots: { start: string }[] }).slots;
      if (slot === undefined) throw new Error('Two weeks of the default hours hold a free slot');
      const booked = await postJson(
        `${app.url}${BOOKING_ENDPOINT}`,
        { start: slot.start, name: enquiry.name, email: enquiry.email },
        { 'user-agent': agent },
      );
      expect(booked.status).toBe(201);

      const response = await studioFetch(
        studioTargetOf(app),
        `/audience?from=${dayAfter(0)}&to=${dayAfter(0)}`,
        { cookie },
      );
      const report = (await response.json()) as AudienceReport;
      const campaign = report.campaigns.find((row) => row.campaign === 'second-look');
      expect(campaign).toMatchObject({ visitors: 1, enquiries: 1 });
      expect(conversionOf(campaign?.enquiries ?? 0, campaign?.visitors ?? 0)).toBe('100.0%');
    },
  );
});

import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOK_PATH, MANAGE_PATH } from '../../common/booking-page';
import { HONEYPOT_FIELD } from '../../common/form-constants';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { SITE_ORIGIN } from './helpers/api-client';
import { startTestApp, type TestApp } from './helpers/start-test-app';

const DAY_MS = 24 * 60 * 60 * 1000;

type Page = { status: number; html: string; headers: Headers };

/** The starts a page offers as radio choices, in order. */
function offeredStarts(html: string): string[] {
  return [...html.matchAll(/name="start" value="([^"]+)"/g)].map((match) => match[1] ?? '');
}

/** The pages' text decoded as a reader sees it. */
const textOf = (html: string) => html.replace(/&#39;/g, "'").replace(/&#34;/g, '"');

const sentTo = (address: string, subject: RegExp) => (mail: ParsedMail) =>
  mail.to !== undefined &&
  !Array.isArray(mail.to) &&
  mail.to.value.some((entry) => entry.address === address) &&
  subject.test(mail.subject ?? '');

function manageLinkOf(mail: ParsedMail): string {
  const link = /\/booking\/manage\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
  if (link === undefined) throw new Error('The email carries no manage link');
  return link;
}

let counter = 0;
function visitorFields(start: string, overrides: Record<string, string> = {}) {
  counter += 1;
  return {
    start,
    name: 'Ann Lee',
    email: `ann.page.${Date.now()}.${counter}@example.com`,
    note: 'A new identity for our bakery.',
    [HONEYPOT_FIELD]: '',
    ...overrides,
  };
}

for (const backend of BACKENDS) {
  describe.skipIf(isUnavailable(backend))(`the booking pages (${backend.name})`, () => {
    let app: TestApp;

    beforeAll(async () => {
      app = await startTestApp(backend, { STUDIO_TIME_ZONE: 'Europe/London' });
    });
    afterAll(() => app.close());

    async function get(path: string): Promise<Page> {
      const response = await fetch(`${app.url}${path}`);
      return { status: response.status, html: await response.text(), headers: response.headers };
    }

    /** Posts a plain HTML form, as a browser without JavaScript does. */
    async function postForm(path: string, fields: Record<string, string>): Promise<Page> {
      const response = await fetch(`${app.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE_ORIGIN },
        body: new URLSearchParams(fields).toString(),
      });
      return { status: response.status, html: await response.text(), headers: response.headers };
    }

    async function bookingCount(): Promise<number> {
      const from = new Date();
      const to = new Date(Date.now() + 60 * DAY_MS);
      return (await app.store.bookings.listBookings(from, to)).length;
    }

    it('lists the next free slots by day as choices, labelled with the studio’s zone', async () => {
      const page = await get(BOOK_PATH);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.html).toContain('Times in London time');
      const starts = offeredStarts(page.html);
      expect(starts.length).toBeGreaterThan(0);
      for (const start of starts) expect(Date.parse(start)).toBeGreaterThan(Date.now() + DAY_MS);
      expect(page.html).toMatch(/<h2>(Monday|Tuesday|Wednesday|Thursday|Friday) \d+ \w+<\/h2>/);
      // A zone in the address is the one the form offers chosen (canonical); one this runtime
      // does not know is not, and the studio's zone is (the markup: booking.spec.ts).
      const asked = await get(`${BOOK_PATH}?timeZone=america/chicago`);
      expect(asked.html).toContain('<input name="timeZone" value="America/Chicago">');
      const unknown = await get(`${BOOK_PATH}?timeZone=Mars/Olympus`);
      expect(unknown.html).not.toContain('name="timeZone"');
      // The script that adds the visitor's own times (0080); the page needs it for nothing else.
      expect(page.html).toContain('import("/assets/booking-times-');
      // Rendered per request, sent compressed like the built pages (fetch asks for gzip).
      expect(page.headers.get('content-encoding')).toBe('gzip');
    });

    it('books the chosen slot once; the same slot again gets the nearest free ones with 409', async () => {
      const [start] = offeredStarts((await get(BOOK_PATH)).html);
      if (start === undefined) throw new Error('No slot offered');
      const fields = visitorFields(start);
      const booked = await postForm(BOOK_PATH, fields);
      expect(booked.status).toBe(201);
      expect(booked.html).toContain('booked');
      expect(textOf(booked.html)).toContain('(Europe/London time)');
      // The script adds the visitor's own time to the call's, which the page carries for it.
      expect(booked.html).toContain('import("/assets/booking-times-');
      expect(booked.html).toContain(`data-call-start="${start}"`);
      const mail = await app.smtp.waitFor(sentTo(fields.email, /^Your call with Ember/));
      expect(mail.attachments.some((part) => part.contentType === 'text/calendar')).toBe(true);

      const before = await bookingCount();
      const again = await postForm(BOOK_PATH, visitorFields(start, { name: 'Bo Rival' }));
      expect(again.status).toBe(409);
      expect(again.html).toContain('slot_taken');
      const nearest = offeredStarts(again.html);
      expect(nearest.length).toBeGreaterThan(0);
      expect(nearest).not.toContain(start);
      expect(again.html).toContain('value="Bo Rival"');
      expect(await bookingCount()).toBe(before);
    });

    it('shows the form again with the errors and what was typed, and books nothing', async () => {
      const [start] = offeredStarts((await get(BOOK_PATH)).html);
      if (start === undefined) throw new Error('No slot offered');
      const before = await bookingCount();
      const page = await postForm(
        BOOK_PATH,
        visitorFields(start, { email: 'not-an-address', name: 'Ann <b>Lee</b>' }),
      );
      expect(page.status).toBe(422);
      expect(page.html).toContain('data-field="email"');
      expect(page.html).toContain('value="not-an-address"');
      expect(page.html).toContain('Ann &#60;b&#62;Lee&#60;/b&#62;');
      expect(offeredStarts(page.html).length).toBeGreaterThan(0);

      const offGrid = new Date(Date.parse(start) + 10 * 60_000).toISOString();
      expect((await postForm(BOOK_PATH, visitorFields(offGrid))).status).toBe(422);
      expect(await bookingCount()).toBe(before);
    });

    it('lets the invitation’s link move the call, then cancel it; a spent or forged link is 410/404', async () => {
      const starts = offeredStarts((await get(BOOK_PATH)).html);
      const [start] = starts;
      if (start === undefined) throw new Error('No slot offered');
      const fields = visitorFields(start);
      expect((await postForm(BOOK_PATH, fields)).status).toBe(201);
      const link = manageLinkOf(
        await app.smtp.waitFor(sentTo(fields.email, /^Your call with Ember/)),
      );

      const manage = await get(link);
      expect(manage.status).toBe(200);
      expect(manage.headers.get('referrer-policy')).toBe('same-origin');
      expect(manage.html).toContain('Times in London time');
      const other = offeredStarts(manage.html).find((candidate) => candidate !== start);
      if (other === undefined) throw new Error('No other slot offered');
      const moved = await postForm(link, { action: 'reschedule', start: other });
      expect(moved.status).toBe(200);
      expect(moved.html).toContain('moved');
      const booking = (
        await app.store.bookings.listBookings(new Date(), new Date(Date.now() + 60 * DAY_MS))
      ).find((call) => call.email === fields.email);
      expect(booking?.start.toISOString()).toBe(other);

      const update = await app.smtp.waitFor(sentTo(fields.email, /updated|moved/i));
      const newLink = manageLinkOf(update);
      const cancelled = await postForm(newLink, { action: 'cancel' });
      expect(cancelled.status).toBe(200);
      expect(cancelled.html).toContain('cancelled');
      expect(cancelled.html, 'a cancelled call has no time to show').not.toContain('booking-times');
      expect((await app.store.bookings.getBooking(booking?.id ?? ''))?.state).toBe('cancelled');

      const spent = await get(newLink);
      expect(spent.status).toBe(410);
      expect(spent.html).toContain('spent');
      expect(spent.html).not.toContain('booking-times');
      expect((await postForm(newLink, { action: 'cancel' })).status).toBe(410);
      expect((await get(`${MANAGE_PATH}?token=${'A'.repeat(43)}`)).status).toBe(404);
      expect((await get(MANAGE_PATH)).status).toBe(404);
      const tokenOf = (url: string) => url.split('token=')[1] ?? '';
      const logged = JSON.stringify(app.logs);
      for (const token of [tokenOf(link), tokenOf(newLink)]) expect(logged).not.toContain(token);
    });

    it('reaches every bookable day by later weeks, and none past the horizon', async () => {
      const days = new Set<string>();
      let path: string | null = BOOK_PATH;
      for (let pages = 0; path !== null && pages < 10; pages += 1) {
        const page = await get(path);
        expect(page.status).toBe(200);
        for (const start of offeredStarts(page.html)) days.add(start.slice(0, 10));
        const later = /href="(\/book\?from=\d{4}-\d{2}-\d{2})"[^>]*>Later days/.exec(page.html);
        path = later?.[1] ?? null;
      }
      expect(path, 'the last week offers no later one').toBeNull();
      const sorted = [...days].sort();
      // Weekdays only, a day's notice, 30 days ahead: far more than the five days shown before.
      expect(sorted.length).toBeGreaterThan(15);
      const horizonEnd = new Date(Date.now() + 30 * DAY_MS).toISOString().slice(0, 10);
      expect(sorted.at(-1)! <= horizonEnd).toBe(true);
    });

    it('keeps the first link working after a move; cancelling asks first, and the reason reaches the lead', async () => {
      const starts = offeredStarts((await get(BOOK_PATH)).html);
      const [start, other] = starts;
      if (start === undefined || other === undefined) throw new Error('No slots offered');
      const fields = visitorFields(start, { timeZone: 'America/Chicago' });
      expect((await postForm(BOOK_PATH, fields)).status).toBe(201);
      const invitation = await app.smtp.waitFor(sentTo(fields.email, /^Your call with Ember/));
      expect(invitation.text).toContain('your time in Chicago');
      const firstLink = manageLinkOf(invitation);
      expect((await postForm(firstLink, { action: 'reschedule', start: other })).status).toBe(200);

      const reopened = await get(firstLink);
      expect(reopened.status).toBe(200);
      expect(reopened.html).toContain(`data-call-start="${other}"`);

      const asked = await postForm(firstLink, { action: 'ask-cancel' });
      expect(asked.status).toBe(200);
      expect(asked.html).toContain('name="reason"');
      const booking = (
        await app.store.bookings.listBookings(new Date(), new Date(Date.now() + 60 * DAY_MS))
      ).find((call) => call.email === fields.email);
      expect(booking?.state).toBe('confirmed');

      const tooLong = await postForm(firstLink, { action: 'cancel', reason: 'x'.repeat(2001) });
      expect(tooLong.status).toBe(422);
      expect((await app.store.bookings.getBooking(booking?.id ?? ''))?.state).toBe('confirmed');

      const reason = 'We found a studio nearer home.';
      expect((await postForm(firstLink, { action: 'cancel', reason })).status).toBe(200);
      const cancelled = await app.store.bookings.getBooking(booking?.id ?? '');
      expect(cancelled).toMatchObject({ state: 'cancelled', cancelReason: reason });
      const leads = await app.store.leads.readLeads([cancelled?.enquiryId ?? '']);
      expect(leads.get(cancelled?.enquiryId ?? '')?.notes.map((note) => note.text)).toEqual([
        `Ann Lee cancelled the call, saying: ${reason}`,
      ]);
    });

    it('gives each booked call a room of its own, shown to the one who booked it and never on /book', async () => {
      const hours = await app.store.bookings.readAvailability();
      const jitsi = 'https://meet.jit.si/';
      const fixedRoom = 'https://meet.example.com/ember-ink-studio';
      try {
        await app.store.bookings.saveAvailability({
          ...hours,
          meeting: { kind: 'link', url: fixedRoom },
        });
        const withFixedRoom = await get(BOOK_PATH);
        expect(withFixedRoom.html).not.toContain(fixedRoom);
        expect(withFixedRoom.html).toContain('its link comes with your booking');

        await app.store.bookings.saveAvailability({
          ...hours,
          meeting: { kind: 'room', base: jitsi },
        });
        const book = await get(BOOK_PATH);
        expect(book.html).not.toContain(jitsi);
        expect(book.html).not.toContain('emberink-');
        expect(book.html).toContain('its link comes with your booking');

        const rooms: string[] = [];
        for (const start of offeredStarts(book.html).slice(-2)) {
          const fields = visitorFields(start);
          const booked = await postForm(BOOK_PATH, fields);
          expect(booked.status).toBe(201);
          const room = new RegExp(`${jitsi}emberink-[0-9a-f]{32}`).exec(booked.html)?.[0];
          if (room === undefined) throw new Error('The booked page shows no room');
          rooms.push(room);

          const mail = await app.smtp.waitFor(sentTo(fields.email, /^Your call with Ember/));
          expect(mail.text).toContain(`Join the video call: ${room}`);
          const invitation = mail.attachments.find((part) => part.contentType === 'text/calendar');
          const ics = (invitation?.content.toString() ?? '').replace(/\r\n[ \t]/g, '');
          expect(ics).toContain(`LOCATION:${room}`);
          expect(ics).toContain(`URL:${room}`);

          const manage = await get(manageLinkOf(mail));
          expect(manage.html).toContain(room);
        }
        expect(rooms).toHaveLength(2);
        expect(rooms[0], 'no two calls share a room').not.toBe(rooms[1]);
      } finally {
        await app.store.bookings.saveAvailability(hours);
      }
    });
  });
}

import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOK_PATH } from '../../common/booking-page';
import { HONEYPOT_FIELD } from '../../common/form-constants';
import { SITE_ORIGIN } from './helpers/api-client';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { DAY_MS, weekdayAt } from './helpers/booking-requests';
import { startTestApp, type TestApp } from './helpers/start-test-app';

/** The calls one client may hold, as production sets it by default. */
const CALLS_PER_CLIENT = 3;

for (const backend of BACKENDS) {
  describe.skipIf(isUnavailable(backend))(
    `one client cannot fill the diary or mail strangers (${backend.name})`,
    () => {
      let app: TestApp;
      beforeAll(async () => {
        app = await startTestApp(backend, {
          TRUST_PROXY: '1',
          BOOKING_CALLS_PER_CLIENT: String(CALLS_PER_CLIENT),
        });
      });
      afterAll(() => app?.close());

      /** A plain HTML form post without proof of work, as a page without script sends it. */
      function postForm(address: string, start: string, index: number) {
        return fetch(`${app.url}${BOOK_PATH}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            origin: SITE_ORIGIN,
            'x-forwarded-for': address,
          },
          body: new URLSearchParams({
            start,
            name: `Stranger ${index}`,
            email: `stranger.${index}.${backend.name}@example.com`,
            note: 'You have been booked for a call.',
            [HONEYPOT_FIELD]: '',
          }).toString(),
        });
      }

      it('books at most its share from one /64 however many addresses and emails it uses, at once', async () => {
        const posts = Array.from({ length: 20 }, (_, index) =>
          postForm(
            `2001:db8:42:7::${(index + 1).toString(16)}`,
            weekdayAt(index % 5, 9 + Math.floor(index / 5)),
            index,
          ),
        );
        const statuses = await Promise.all(
          posts.map(async (post) => {
            const response = await post;
            await response.arrayBuffer();
            return response.status;
          }),
        );
        expect(statuses.filter((status) => status === 201)).toHaveLength(CALLS_PER_CLIENT);
        expect(statuses.filter((status) => status === 429)).toHaveLength(20 - CALLS_PER_CLIENT);

        const calls = await app.store.bookings.listBookings(
          new Date(),
          new Date(Date.now() + 40 * DAY_MS),
        );
        expect(calls).toHaveLength(CALLS_PER_CLIENT);
        // Only the strangers whose calls were booked were sent an invitation.
        const booked = new Set(calls.map(({ email }) => email));
        const recipient = (mail: ParsedMail) =>
          mail.to === undefined || Array.isArray(mail.to) ? '' : mail.to.text;
        await expect
          .poll(() => app.smtp.messages.filter((mail) => /stranger/.test(recipient(mail))).length, {
            timeout: 20_000,
          })
          .toBe(CALLS_PER_CLIENT);
        for (const mail of app.smtp.messages) {
          const to = recipient(mail);
          if (/stranger/.test(to))
            expect([...booked].some((email) => to.includes(email))).toBe(true);
        }

        // Another network books as before.
        const other = await postForm('198.51.100.7', weekdayAt(0, 16), 99);
        expect(other.status).toBe(201);
      });
    },
  );
}

import { afterEach, describe, expect, it } from 'vitest';
import { CONTACT_ENDPOINT, NEWSLETTER_ENDPOINT } from '../../common/endpoints';
import { errorOf, idOf, postJson, validEnquiry } from './helpers/api-client';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { startTestApp, type TestApp } from './helpers/start-test-app';

/** Windows are fixed and aligned to the clock: a day-long one is never crossed mid-test. */
const DAY_MS = '86400000';

for (const backend of BACKENDS) {
  describe.skipIf(isUnavailable(backend))(
    `rate limits and client addresses (${backend.name})`,
    () => {
      let app: TestApp | null = null;
      afterEach(async () => {
        await app?.close();
        app = null;
      });

      it('answers 429 with Retry-After once a client spends its budget, per endpoint', async () => {
        app = await startTestApp(backend, { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: DAY_MS });
        const url = `${app.url}${CONTACT_ENDPOINT}`;
        for (let attempt = 0; attempt < 3; attempt += 1) {
          expect((await postJson(url, validEnquiry())).status).toBe(201);
        }
        const limited = await postJson(url, validEnquiry());
        expect(limited.status).toBe(429);
        const retryAfter = Number(limited.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(86_400);
        expect(errorOf(limited.body)).toBe('rate_limited');
        expect(limited.headers.get('cache-control')).toBe('no-store');

        const newsletter = await postJson(`${app.url}${NEWSLETTER_ENDPOINT}`, {
          email: 'a@example.com',
        });
        expect(newsletter.status).toBe(200);
      });

      it('ignores X-Forwarded-For when TRUST_PROXY=0: a spoofed header does not buy a new budget', async () => {
        app = await startTestApp(backend, {
          RATE_LIMIT_MAX: '1',
          RATE_LIMIT_WINDOW_MS: DAY_MS,
          TRUST_PROXY: '0',
        });
        const url = `${app.url}${CONTACT_ENDPOINT}`;
        const first = await postJson(url, validEnquiry(), { 'x-forwarded-for': '198.51.100.1' });
        expect(first.status).toBe(201);
        const id = idOf(first.body);
        expect((await app.store.getEnquiry(id))?.clientIp).toBe('127.0.0.1');
        const spoofed = await postJson(url, validEnquiry(), { 'x-forwarded-for': '198.51.100.2' });
        expect(spoofed.status).toBe(429);
      });

      it('uses the right-most X-Forwarded-For entry with TRUST_PROXY=1', async () => {
        app = await startTestApp(backend, {
          RATE_LIMIT_MAX: '1',
          RATE_LIMIT_WINDOW_MS: DAY_MS,
          TRUST_PROXY: '1',
        });
        const url = `${app.url}${CONTACT_ENDPOINT}`;
        const first = await postJson(url, validEnquiry(), {
          'x-forwarded-for': '10.9.9.9, 203.0.113.5',
        });
        expect(first.status).toBe(201);
        const id = idOf(first.body);
        expect((await app.store.getEnquiry(id))?.clientIp).toBe('203.0.113.5');

        const sameClient = await postJson(url, validEnquiry(), {
          'x-forwarded-for': '10.1.1.1, 203.0.113.5',
        });
        expect(sameClient.status).toBe(429);
        const otherClient = await postJson(url, validEnquiry(), {
          'x-forwarded-for': '203.0.113.6',
        });
        expect(otherClient.status).toBe(201);
      });
    },
  );
}

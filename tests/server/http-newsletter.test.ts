import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_ENDPOINT } from '../../common/endpoints';
import { postJson } from './helpers/api-client';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { startTestApp, type TestApp } from './helpers/start-test-app';

for (const backend of BACKENDS) {
  describe.skipIf(isUnavailable(backend))(`POST ${NEWSLETTER_ENDPOINT} (${backend.name})`, () => {
    let app: TestApp;
    const endpoint = (): string => `${app.url}${NEWSLETTER_ENDPOINT}`;

    beforeAll(async () => {
      app = await startTestApp(backend);
    });
    afterAll(() => app.close());

    it('stores an address once, case-insensitively, with the same answer every time', async () => {
      const first = await postJson(endpoint(), { email: 'Reader@Example.com' });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ success: true });
      expect(first.headers.get('cache-control')).toBe('no-store');
      const again = await postJson(endpoint(), { email: '  reader@example.COM ' });
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ success: true });

      const subscribers = await app.store.listSubscribers();
      const matching = subscribers.filter(
        (row) => row.email.toLowerCase() === 'reader@example.com',
      );
      expect(matching).toHaveLength(1);
    });

    it('answers 422 with the field error for an invalid address and stores nothing', async () => {
      const response = await postJson(endpoint(), { email: 'reader-at-example.com' });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        success: false,
        error: 'invalid_fields',
        fieldErrors: { email: 'invalid_email' },
      });
      expect((await postJson(endpoint(), { email: 'a@example.com', name: 'x' })).status).toBe(422);
      const subscribers = await app.store.listSubscribers();
      expect(subscribers.some((row) => row.email.includes('reader-at'))).toBe(false);
    });

    it('shares the envelope checks of the contact endpoint', async () => {
      expect((await postJson(endpoint(), '{"email":')).status).toBe(400);
      expect(
        (await postJson(endpoint(), { email: 'a@example.com' }, { origin: 'https://evil.example' }))
          .status,
      ).toBe(403);
      expect(
        (await postJson(endpoint(), { email: 'a@example.com' }, { 'content-type': 'text/plain' }))
          .status,
      ).toBe(415);
      const tooLarge = await postJson(endpoint(), {
        email: `${'a'.repeat(app.config.bodyLimitBytes)}@example.com`,
      });
      expect(tooLarge.status).toBe(413);
      const get = await fetch(endpoint());
      expect(get.status).toBe(405);
      expect(get.headers.get('allow')).toBe('POST');
    });
  });
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_ENDPOINT, IDEMPOTENCY_HEADER } from '../../common/endpoints';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { errorOf, idOf, postJson, validEnquiry } from './helpers/api-client';
import { solvedChallenge } from '../support/challenge-solver';
import { startTestApp, type TestApp } from './helpers/start-test-app';

for (const backend of BACKENDS) {
  describe.skipIf(isUnavailable(backend))(`POST ${CONTACT_ENDPOINT} (${backend.name})`, () => {
    let app: TestApp;
    const endpoint = (): string => `${app.url}${CONTACT_ENDPOINT}`;

    beforeAll(async () => {
      app = await startTestApp(backend);
    });
    afterAll(() => app.close());

    it('stores the enquiry, answers 201 with its id and emails the agency with Reply-To the visitor', async () => {
      const enquiry = validEnquiry({
        name: '  Zoë <b>Bold</b> & Co  ',
        message: 'Hi <script>alert(1)</script>\nBcc: victim@example.com\n\nThanks',
      });
      const response = await postJson(endpoint(), enquiry, { 'user-agent': 'contact-test' });
      expect(response.status).toBe(201);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const id = idOf(response.body);

      expect(await app.store.getEnquiry(id)).toMatchObject({
        id,
        name: 'Zoë <b>Bold</b> & Co',
        email: enquiry.email,
        service: 'Brand Strategy',
        message: enquiry.message,
        isSpam: false,
        clientIp: '127.0.0.1',
        userAgent: 'contact-test',
      });

      const mail = await app.smtp.waitFor((candidate) => candidate.text?.includes(id) ?? false);
      expect(mail.replyTo?.value[0]).toMatchObject({
        address: enquiry.email,
        name: 'Zoë <b>Bold</b> & Co',
      });
      expect(mail.to).toMatchObject({ value: [{ address: 'hello@emberandink.example' }] });
      expect(mail.html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;');
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain('Zoë &lt;b&gt;Bold&lt;/b&gt; &amp; Co');
      expect(mail.headers.has('bcc')).toBe(false);
      expect(mail.bcc).toBeUndefined();
      await expect.poll(async () => (await app.store.getEnquiry(id))?.delivery.status).toBe('sent');
    });

    it('refuses a header injection in the name with 422 and stores nothing', async () => {
      const enquiry = validEnquiry({ name: 'Ann\r\nBcc: victim@example.com' });
      const response = await postJson(endpoint(), enquiry);
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        success: false,
        error: 'invalid_fields',
        fieldErrors: { name: 'not_single_line' },
      });
      const stored = await app.store.listEnquiries();
      expect(stored.some((row) => row.email === enquiry.email)).toBe(false);
    });

    it('answers 422 with a code per invalid field', async () => {
      const response = await postJson(endpoint(), {
        name: '',
        email: 'not-an-email',
        service: 'Cooking',
      });
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({
        success: false,
        error: 'invalid_fields',
        fieldErrors: {
          name: 'required',
          email: 'invalid_email',
          service: 'unknown_service',
          message: 'required',
        },
      });
    });

    it.each([
      ['an unknown key', '{"extra":1}'],
      ['__proto__', '{"__proto__":{"isSpam":false}}'],
      ['constructor', '{"constructor":{"prototype":{}}}'],
    ])('refuses %s with 422', async (_label, extra) => {
      const enquiry = JSON.stringify(validEnquiry());
      const body = `${enquiry.slice(0, -1)},${extra.slice(1)}`;
      const response = await postJson(endpoint(), body);
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({
        success: false,
        error: 'invalid_fields',
      });
    });

    it.each([['[]'], ['null'], ['"text"'], ['42']])(
      'refuses the JSON value %s with 422',
      async (body) => {
        expect((await postJson(endpoint(), body)).status).toBe(422);
      },
    );

    it('answers 400 to malformed JSON', async () => {
      const response = await postJson(endpoint(), '{"name": "Ann",');
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        success: false,
        error: 'bad_json',
      });
    });

    it('accepts a charset parameter and refuses other content types and encodings with 415', async () => {
      const withCharset = await postJson(endpoint(), validEnquiry(), {
        'content-type': 'application/json; charset=UTF-8',
      });
      expect(withCharset.status).toBe(201);
      for (const contentType of [
        'text/plain',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
        'application/x-www-form-urlencoded; charset=latin1',
      ]) {
        const response = await postJson(endpoint(), validEnquiry(), {
          'content-type': contentType,
        });
        expect(response.status, contentType).toBe(415);
        expect(response.body).toMatchObject({ success: false });
      }
      const compressed = await postJson(endpoint(), validEnquiry(), { 'content-encoding': 'gzip' });
      expect(compressed.status).toBe(415);
    });

    it('answers 413 to a body over the limit, declared or streamed', async () => {
      const huge = validEnquiry({ message: 'x'.repeat(app.config.bodyLimitBytes) });
      const declared = await postJson(endpoint(), huge);
      expect(declared.status).toBe(413);
      expect(declared.body).toEqual({ success: false, error: 'too_large' });

      const bytes = new TextEncoder().encode(JSON.stringify(huge));
      const streamed = await fetch(endpoint(), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: new ReadableStream({
          start(controller) {
            for (let offset = 0; offset < bytes.length; offset += 1024) {
              controller.enqueue(bytes.slice(offset, offset + 1024));
            }
            controller.close();
          },
        }),
        duplex: 'half',
      } as RequestInit);
      expect(streamed.headers.get('content-length')).not.toBeNull();
      expect(streamed.status).toBe(413);
    });

    it('refuses cross-site requests with 403 and accepts its own origins', async () => {
      const foreign = await postJson(endpoint(), validEnquiry(), {
        origin: 'https://evil.example',
      });
      expect(foreign.status).toBe(403);
      expect(foreign.body).toMatchObject({ success: false });
      const fetchMetadata = await postJson(endpoint(), validEnquiry(), {
        'sec-fetch-site': 'cross-site',
      });
      expect(fetchMetadata.status).toBe(403);
      const ownOrigin = await postJson(endpoint(), validEnquiry(), { origin: app.url });
      expect(ownOrigin.status).toBe(201);
    });

    it('answers other methods with 405 and Allow: POST', async () => {
      for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
        const response = await fetch(endpoint(), { method });
        expect(response.status, method).toBe(405);
        expect(response.headers.get('allow')).toBe('POST');
        expect(await response.json()).toMatchObject({ success: false });
      }
    });

    it('answers a retried request with the same key once: same answer, one row, one email', async () => {
      const enquiry = validEnquiry();
      const key = `retry-${enquiry.email}`;
      const first = await postJson(endpoint(), enquiry, { [IDEMPOTENCY_HEADER]: key });
      const retry = await postJson(
        endpoint(),
        { ...enquiry, name: ` ${enquiry.name} ` },
        { [IDEMPOTENCY_HEADER]: key },
      );
      expect(first.status).toBe(201);
      expect(retry.status).toBe(first.status);
      expect(retry.body).toEqual(first.body);
      const id = idOf(first.body);

      const rows = (await app.store.listEnquiries()).filter((row) => row.email === enquiry.email);
      expect(rows.map((row) => row.id)).toEqual([id]);
      await app.smtp.waitFor((mail) => mail.text?.includes(id) ?? false);
      // A second, unrelated enquiry goes through the same outbox; once its email is here, a
      // duplicate of the first would have arrived too.
      const later = idOf((await postJson(endpoint(), validEnquiry())).body);
      await app.smtp.waitFor((mail) => mail.text?.includes(later) ?? false);
      expect(app.smtp.messages.filter((mail) => mail.text?.includes(id))).toHaveLength(1);

      const changed = await postJson(
        endpoint(),
        { ...enquiry, message: 'Something else' },
        { [IDEMPOTENCY_HEADER]: key },
      );
      expect(changed.status).toBe(422);
      expect(errorOf(changed.body)).toBe('idempotency_conflict');
    });

    it('refuses a malformed Idempotency-Key with 400', async () => {
      for (const key of ['x'.repeat(201), 'has space', 'naïve']) {
        const response = await postJson(endpoint(), validEnquiry(), { [IDEMPOTENCY_HEADER]: key });
        expect(response.status, key).toBe(400);
      }
    });

    it('stores a filled honeypot as spam with the usual answer and sends no email', async () => {
      const spam = validEnquiry({ website: 'https://spam.example' });
      const response = await postJson(endpoint(), spam);
      expect(response.status).toBe(201);
      const id = idOf(response.body);
      expect(await app.store.getEnquiry(id)).toMatchObject({
        isSpam: true,
        delivery: { status: 'spam' },
      });

      const real = idOf((await postJson(endpoint(), validEnquiry({ website: '' }))).body);
      await app.smtp.waitFor((mail) => mail.text?.includes(real) ?? false);
      expect(app.smtp.messages.some((mail) => mail.text?.includes(id))).toBe(false);
      expect(app.smtp.messages.some((mail) => mail.replyTo?.value[0]?.address === spam.email)).toBe(
        false,
      );
    });

    it('answers 503 with Retry-After when the database is unavailable, never a fake success', async () => {
      // Solved before the database breaks: the app shares this process, and a locked SQLite
      // blocks it, so any work done meanwhile would delay the request past its socket's life.
      const enquiry = validEnquiry({ altcha: await solvedChallenge() });
      const restore = await app.breakDatabase();
      try {
        const response = await postJson(endpoint(), enquiry);
        expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toBe('60');
        expect(response.body).toEqual({
          success: false,
          error: 'store_unavailable',
        });
      } finally {
        await restore();
      }
      const stored = await app.store.listEnquiries();
      expect(stored.some((row) => row.email === enquiry.email)).toBe(false);
      await expect
        .poll(async () => (await fetch(`${app.url}/readyz`)).status, { timeout: 10_000 })
        .toBe(200);
      const retried = { ...enquiry, altcha: await solvedChallenge() };
      expect((await postJson(endpoint(), retried)).status).toBe(201);
    });
  });
}

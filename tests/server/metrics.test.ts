import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_ENDPOINT } from '../../common/endpoints';
import { HONEYPOT_FIELD } from '../../common/contact';
import { validEnquiry, postJson } from './helpers/api-client';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { startMailServer } from './helpers/mail-server';
import { startTestApp, type TestApp } from './helpers/start-test-app';

const TOKEN = 'scrape-token-0123456789abcdef';

function scrape(app: TestApp, authorization?: string): Promise<Response> {
  return fetch(`${app.url}/metrics`, {
    headers: authorization === undefined ? {} : { authorization },
  });
}

/** GET /readyz, with the metrics token when `authorization` is given. */
async function readReadiness(app: TestApp, authorization?: string) {
  const response = await fetch(`${app.url}/readyz`, {
    headers: authorization === undefined ? {} : { authorization },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function readMetrics(app: TestApp): Promise<string> {
  const response = await scrape(app, `Bearer ${TOKEN}`);
  expect(response.status).toBe(200);
  return response.text();
}

/** The value of one sample, e.g. `ember_enquiries_total{outcome="spam"}`; NaN when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? Number.NaN : Number(line.slice(series.length + 1));
}

/** What an unknown path gets: the site's 404 page. */
async function unknownPathAnswer(app: TestApp): Promise<{ status: number; body: string }> {
  const response = await fetch(`${app.url}/no-such-page`);
  return { status: response.status, body: await response.text() };
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(BACKENDS[0]!);
  });
  afterAll(() => app.close());

  it('does not exist, whatever the request carries', async () => {
    const unknown = await unknownPathAnswer(app);
    expect(unknown.status).toBe(404);
    for (const authorization of [undefined, `Bearer ${TOKEN}`, 'Bearer ']) {
      const response = await scrape(app, authorization);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe(unknown.body);
    }
  });

  it('answers /readyz with the status word only, whatever the request carries', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
      expect(await readReadiness(app, authorization)).toEqual({
        status: 200,
        body: { status: 'ok' },
      });
    }
  });
});

for (const backend of BACKENDS) {
  describe.skipIf(isUnavailable(backend))(`metrics and readiness (${backend.name})`, () => {
    let app: TestApp;
    let clockOffsetMs = 0;
    beforeAll(async () => {
      app = await startTestApp(
        backend,
        { METRICS_TOKEN: TOKEN, RATE_LIMIT_MAX: '3' },
        { now: () => Date.now() + clockOffsetMs },
      );
    });
    afterAll(() => app.close());

    it('answers anyone without the exact bearer token as it answers an unknown path', async () => {
      const unknown = await unknownPathAnswer(app);
      const refused = [
        undefined,
        '',
        'Bearer',
        `Bearer ${TOKEN}x`,
        `Bearer ${TOKEN.slice(0, -1)}`,
        `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`,
        TOKEN,
      ];
      for (const authorization of refused) {
        const response = await scrape(app, authorization);
        expect(response.status, String(authorization)).toBe(404);
        expect(await response.text()).toBe(unknown.body);
      }
    });

    it('gives the token holder every named series as Prometheus text, never cached', async () => {
      const response = await scrape(app, `Bearer ${TOKEN}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const text = await response.text();
      for (const series of [
        'ember_enquiries_total{outcome="accepted"}',
        'ember_enquiries_total{outcome="spam"}',
        'ember_emails_total{outcome="sent"}',
        'ember_emails_total{outcome="failed"}',
        'ember_emails_total{outcome="given_up"}',
        'ember_store_up',
        'ember_outbox_backlog',
        'ember_outbox_oldest_age_seconds',
        'ember_http_requests_total{class="page",status="2xx"}',
        'ember_http_request_duration_seconds_count{class="asset"}',
        'nodejs_eventloop_lag_p99_seconds',
        'process_resident_memory_bytes',
      ]) {
        expect(sample(text, series), series).not.toBeNaN();
      }
      expect(sample(text, 'ember_store_up')).toBe(1);
    });

    it('counts enquiries accepted, refused, kept as spam and rate-limited, and emails sent', async () => {
      const before = await readMetrics(app);
      await fetch(`${app.url}/`);
      const contact = `${app.url}${CONTACT_ENDPOINT}`;
      const accepted = validEnquiry();
      expect((await postJson(contact, accepted)).status).toBe(201);
      expect((await postJson(contact, validEnquiry({ email: 'not-an-address' }))).status).toBe(422);
      const spam = validEnquiry({ [HONEYPOT_FIELD]: 'https://spam.example' });
      expect((await postJson(contact, spam)).status).toBe(201);
      expect((await postJson(contact, validEnquiry())).status).toBe(429);
      await app.smtp.waitFor((mail) => mail.replyTo?.value[0]?.address === accepted.email);

      const grew = async (series: string): Promise<number> =>
        sample(await readMetrics(app), series) - (sample(before, series) || 0);
      expect(await grew('ember_enquiries_total{outcome="accepted"}')).toBe(1);
      expect(await grew('ember_enquiries_total{outcome="spam"}')).toBe(1);
      expect(await grew('ember_enquiries_rejected_total{reason="422"}')).toBe(1);
      expect(await grew('ember_enquiries_rejected_total{reason="429"}')).toBe(1);
      expect(await grew(`ember_rate_limited_total{endpoint="${CONTACT_ENDPOINT}"}`)).toBe(1);
      await expect.poll(() => grew('ember_emails_total{outcome="sent"}')).toBe(1);
      expect(await grew('ember_http_requests_total{class="page",status="2xx"}')).toBe(1);
      expect(await grew('ember_http_requests_total{class="api",status="2xx"}')).toBe(2);
      expect(await grew('ember_http_requests_total{class="api",status="4xx"}')).toBe(2);
    });

    it('is ready with an empty outbox, and not ready once the store is unreachable', async () => {
      const ready = await fetch(`${app.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(ready.headers.get('cache-control')).toBe('no-store');
      expect(await ready.json()).toEqual({ status: 'ok' });

      clockOffsetMs = 60 * 60_000;
      expect(await (await fetch(`${app.url}/readyz`)).json()).toEqual({ status: 'ok' });
      clockOffsetMs = 0;

      const restore = await app.breakDatabase();
      try {
        if (backend.name === 'sqlite') await app.store.close();
        const broken = await fetch(`${app.url}/readyz`);
        expect(broken.status).toBe(503);
        expect(await broken.json()).toEqual({ status: 'unavailable' });
        expect(await readReadiness(app, `Bearer ${TOKEN}`)).toEqual({
          status: 503,
          body: { status: 'unavailable', reason: 'the store cannot be reached' },
        });
        const metrics = await readMetrics(app);
        expect(sample(metrics, 'ember_store_up')).toBe(0);
      } finally {
        await restore();
      }
    });
  });

  describe.skipIf(isUnavailable(backend))(`a failing mail server (${backend.name})`, () => {
    let app: TestApp;
    let mail: Awaited<ReturnType<typeof startMailServer>>;
    let clockOffsetMs = 0;
    let replies = 0;
    beforeAll(async () => {
      // The first email meets a temporary refusal (to be retried), the second a permanent one.
      mail = await startMailServer({
        reply: () => {
          replies += 1;
          return replies === 1
            ? { code: 451, message: 'Try again later' }
            : { code: 550, message: 'No such mailbox' };
        },
      });
      app = await startTestApp(
        backend,
        { METRICS_TOKEN: TOKEN, SMTP_URL: mail.url },
        { now: () => Date.now() + clockOffsetMs },
      );
    });
    afterAll(async () => {
      await app.close();
      await mail.close();
    });

    it('counts failed and given-up emails, and reports the undelivered one as degraded after 15 minutes', async () => {
      const contact = `${app.url}${CONTACT_ENDPOINT}`;
      expect((await postJson(contact, validEnquiry())).status).toBe(201);
      await expect.poll(() => mail.rejected, { timeout: 10_000 }).toBe(1);
      expect((await postJson(contact, validEnquiry())).status).toBe(201);
      await expect.poll(() => mail.rejected, { timeout: 10_000 }).toBe(2);

      await expect
        .poll(async () => sample(await readMetrics(app), 'ember_emails_total{outcome="given_up"}'))
        .toBe(1);
      const metrics = await readMetrics(app);
      expect(sample(metrics, 'ember_emails_total{outcome="failed"}')).toBe(1);
      expect(sample(metrics, 'ember_emails_total{outcome="sent"}')).toBe(0);
      expect(sample(metrics, 'ember_outbox_backlog')).toBe(1);

      expect(await (await fetch(`${app.url}/readyz`)).json()).toEqual({ status: 'ok' });
      clockOffsetMs = 16 * 60_000;
      // Anyone may learn that delivery is late; how many emails wait, only the operator.
      for (const authorization of [undefined, `Bearer ${TOKEN}x`, TOKEN]) {
        expect(await readReadiness(app, authorization), String(authorization)).toEqual({
          status: 200,
          body: { status: 'degraded' },
        });
      }
      const degraded = await readReadiness(app, `Bearer ${TOKEN}`);
      expect(degraded.status).toBe(200);
      expect(degraded.body.status).toBe('degraded');
      expect(degraded.body.reason).toMatch(
        /oldest of 1 undelivered emails was queued 1[56] minutes ago/,
      );
      expect(
        sample(await readMetrics(app), 'ember_outbox_oldest_age_seconds'),
      ).toBeGreaterThanOrEqual(15 * 60);
    });
  });
}

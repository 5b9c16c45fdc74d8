import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_ENDPOINT, NEWSLETTER_ENDPOINT } from '../../common/endpoints';
import { postJson, validEnquiry, type ApiCall } from './helpers/api-client';
import { BACKENDS } from './helpers/backends';
import { FIXTURE_HASHES, FIXTURE_LANDING_HASHES } from './helpers/fixture-site';
import { startTestApp, type TestApp } from './helpers/start-test-app';

const sources = (hashes: readonly string[]) => hashes.map((hash) => `'${hash}'`).join(' ');

const policyAllowing = (hashes: typeof FIXTURE_HASHES) =>
  [
    "default-src 'self'",
    `script-src 'self' ${sources(hashes.inlineScriptHashes)}`,
    `style-src 'self' ${sources(hashes.inlineStyleHashes)}`,
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/** Every response but the landing template's pages allows every page's inline code. */
const EVERY_PAGE_CSP = policyAllowing(FIXTURE_HASHES);
/** `/` and the 404 page allow their own inline code only (decision 0086). */
const LANDING_CSP = policyAllowing(FIXTURE_LANDING_HASHES);

function expectSecurityHeaders(
  headers: Headers,
  label: string,
  { isHttps = true, csp = EVERY_PAGE_CSP } = {},
): void {
  expect(headers.get('content-security-policy'), label).toBe(csp);
  expect(headers.get('x-content-type-options'), label).toBe('nosniff');
  // The browsers' own default, strict-origin-when-cross-origin, is not restated (0082).
  expect(headers.get('referrer-policy'), label).toBeNull();
  const permissions = headers.get('permissions-policy') ?? '';
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
    expect(permissions, label).toContain(`${feature}=()`);
  }
  expect(headers.get('cross-origin-opener-policy'), label).toBe('same-origin');
  expect(headers.get('cross-origin-resource-policy'), label).toBe('same-site');
  expect(headers.get('x-powered-by'), label).toBeNull();
  expect(headers.get('strict-transport-security'), label).toBe(
    isHttps ? 'max-age=31536000; includeSubDomains' : null,
  );
}

describe('security headers and health checks', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(BACKENDS[0]!);
  });
  afterAll(() => app.close());

  it('sends the security headers on every kind of response, the landing page allowing only its own inline code', async () => {
    const contact = `${app.url}${CONTACT_ENDPOINT}`;
    const landingPages: [string, Promise<Response>][] = [
      ['page', fetch(`${app.url}/`)],
      ['page 304', fetch(`${app.url}/`, { headers: { 'if-none-match': '*' } })],
      ['HEAD', fetch(`${app.url}/`, { method: 'HEAD' })],
      ['404 page', fetch(`${app.url}/missing`)],
    ];
    for (const [label, pending] of landingPages) {
      expectSecurityHeaders((await pending).headers, label, { csp: LANDING_CSP });
    }
    const responses: [string, Promise<Response>][] = [
      ['asset', fetch(`${app.url}/assets/app-7b2e4d.js`)],
      ['405 page', fetch(`${app.url}/`, { method: 'DELETE' })],
      ['API 404', fetch(`${app.url}/api/unknown`)],
      ['API 405', fetch(contact)],
      ['healthz', fetch(`${app.url}/healthz`)],
      ['readyz', fetch(`${app.url}/readyz`)],
    ];
    for (const [label, pending] of responses) expectSecurityHeaders((await pending).headers, label);

    const created = await postJson(contact, validEnquiry());
    expect(created.status).toBe(201);
    expectSecurityHeaders(created.headers, 'API 201');
    const invalid = await postJson(contact, {});
    expect(invalid.status).toBe(422);
    expectSecurityHeaders(invalid.headers, 'API 422');
    const malformed = await postJson(contact, '{');
    expectSecurityHeaders(malformed.headers, 'API 400');
  });

  it('allows no inline script and denies every listed browser feature', async () => {
    const { headers } = await fetch(`${app.url}/`);
    const csp = headers.get('content-security-policy') ?? '';
    const scriptSources = csp.split('; ').find((directive) => directive.startsWith('script-src'));
    expect(scriptSources).toBeDefined();
    expect(scriptSources).not.toContain('unsafe-inline');
    expect(scriptSources).not.toContain('unsafe-eval');
    const features = (headers.get('permissions-policy') ?? '').split(', ');
    expect(features.length).toBeGreaterThanOrEqual(10);
    for (const feature of features) expect(feature).toMatch(/^[a-z-]+=\(\)$/);
  });

  it('sends the security headers on refusals and store failures too', async () => {
    const limited = await startTestApp(BACKENDS[0]!, { RATE_LIMIT_MAX: '3' });
    try {
      const contact = `${limited.url}${CONTACT_ENDPOINT}`;
      const refusals: [string, number, Promise<ApiCall>][] = [
        ['API 403', 403, postJson(contact, validEnquiry(), { origin: 'https://evil.example' })],
        ['API 415', 415, postJson(contact, validEnquiry(), { 'content-type': 'text/plain' })],
        ['API 413', 413, postJson(contact, validEnquiry({ message: 'x'.repeat(40_000) }))],
      ];
      for (const [label, status, pending] of refusals) {
        const response = await pending;
        expect(response.status, label).toBe(status);
        expectSecurityHeaders(response.headers, label);
      }
      // 415 and 413 spent two of the three requests allowed (the 403 is refused before counting).
      expect((await postJson(contact, validEnquiry())).status).toBe(201);
      const rateLimited = await postJson(contact, validEnquiry());
      expect(rateLimited.status).toBe(429);
      expectSecurityHeaders(rateLimited.headers, 'API 429');

      // Another connection holds the write lock past the busy timeout (5 s): a real 503.
      const unlock = await limited.breakDatabase();
      const newsletter = await postJson(`${limited.url}${NEWSLETTER_ENDPOINT}`, {
        email: 'a@example.com',
      }).finally(unlock);
      expect(newsletter.status).toBe(503);
      expectSecurityHeaders(newsletter.headers, 'API 503');
      await limited.store.close();
      const ready = await fetch(`${limited.url}/readyz`);
      expect(ready.status).toBe(503);
      expectSecurityHeaders(ready.headers, 'readyz 503');
    } finally {
      await limited.close();
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await fetch(`${app.url}/api/unknown`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ success: false, error: 'not_found' });
  });

  it('sends no HSTS when the site is served over plain http', async () => {
    const plain = await startTestApp(BACKENDS[0]!, { SITE_URL: 'http://localhost:3000' });
    try {
      expectSecurityHeaders((await fetch(`${plain.url}/`)).headers, 'http page', {
        isHttps: false,
        csp: LANDING_CSP,
      });
      const api = await postJson(
        `${plain.url}${CONTACT_ENDPOINT}`,
        {},
        { origin: 'http://localhost:3000' },
      );
      expectSecurityHeaders(api.headers, 'http API', { isHttps: false });
    } finally {
      await plain.close();
    }
  });

  it('reports live and ready, and not ready once the store is gone', async () => {
    const other = await startTestApp(BACKENDS[0]!);
    try {
      const live = await fetch(`${other.url}/healthz`);
      expect(live.status).toBe(200);
      expect(live.headers.get('cache-control')).toBe('no-store');
      expect((await fetch(`${other.url}/readyz`)).status).toBe(200);
      await other.store.close();
      const ready = await fetch(`${other.url}/readyz`);
      expect(ready.status).toBe(503);
      expect((await fetch(`${other.url}/healthz`)).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

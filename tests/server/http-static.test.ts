import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './helpers/backends';
import { FIXTURE_FILES } from './helpers/fixture-site';
import { rawRequest, type RawResponse } from './helpers/raw-request';
import { startTestApp, type TestApp } from './helpers/start-test-app';

let app: TestApp;
/** The page in dist/client, which the app rendered from the published document at start-up. */
let indexHtml: string;

beforeAll(async () => {
  // Static files do not touch the store; one backend is enough.
  app = await startTestApp(BACKENDS[0]!);
  indexHtml = await readFile(path.join(app.config.distDir, 'client', 'index.html'), 'utf8');
});
afterAll(() => app.close());

function get(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Response> {
  // fetch would otherwise ask for br/gzip and decode the body itself.
  return fetch(`${app.url}${path}`, {
    method,
    headers: { 'accept-encoding': 'identity', ...headers },
  });
}

describe('static site', () => {
  it('serves / as dist/client/index.html, uncompressed when the client asks for identity', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(await response.text()).toBe(indexHtml);
  });

  it('prefers brotli, then gzip, and each variant decodes to the original', async () => {
    const br = await rawRequest(`${app.url}/`, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(indexHtml.length / 2);
    expect(brotliDecompressSync(br.body).toString()).toBe(indexHtml);

    const gzip = await rawRequest(`${app.url}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(indexHtml);

    const refusesBr = await rawRequest(`${app.url}/`, {
      headers: { 'accept-encoding': 'br;q=0, gzip' },
    });
    expect(refusesBr.headers['content-encoding']).toBe('gzip');
    expect(new Set([br.headers.etag, gzip.headers.etag]).size).toBe(2);
  });

  it('answers a matching If-None-Match with 304 and no body, per encoding', async () => {
    const first = await get('/', { 'accept-encoding': 'br' });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('no-cache');

    const otherEncoding = await get('/', { 'accept-encoding': 'gzip', 'if-none-match': etag! });
    expect(otherEncoding.status).toBe(200);
    const weak = await get('/', { 'accept-encoding': 'br', 'if-none-match': `"nope", W/${etag!}` });
    expect(weak.status).toBe(304);
    const stale = await get('/', { 'accept-encoding': 'br', 'if-none-match': '"stale"' });
    expect(stale.status).toBe(200);
  });

  it('caches hashed assets for a year and revalidates unhashed root files', async () => {
    const script = await get('/assets/app-7b2e4d.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await script.text()).toBe(FIXTURE_FILES['assets/app-7b2e4d.js']);

    const style = await get('/assets/app-3f9a1c.css');
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8');

    const robots = await get('/robots.txt');
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(robots.headers.get('cache-control')).toBe('no-cache');
    const icon = await get('/favicon.svg');
    expect(icon.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
  });

  it('answers HEAD with the GET headers and no body', async () => {
    const head = await get('/', { 'accept-encoding': 'br' }, 'HEAD');
    const full = await get('/', { 'accept-encoding': 'br' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(full.headers.get('content-length'));
    expect(head.headers.get('etag')).toBe(full.headers.get('etag'));
    expect(await head.text()).toBe('');
  });

  it('refuses other methods with 405 and Allow: GET, HEAD', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const response = await get('/', {}, method);
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
    }
  });

  it('serves the 404 page with status 404 for any unknown path', async () => {
    for (const path of [
      '/nope',
      '/assets/missing.js',
      '/404.html',
      '/index.html/',
      '/%2e%2e/etc/passwd',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toContain('Page not found');
    }
    const conditional = await get('/nope', { 'if-none-match': '*' });
    expect(conditional.status).toBe(404);
  });

  it('answers a file alike whether the fast path or the app serves it', async () => {
    // A percent-encoded path is left to the app, which decodes it to the same file.
    const withoutDate = ({ status, headers, body }: RawResponse) => ({
      status,
      headers: Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'date')),
      body: body.toString('base64'),
    });
    const answer = (path: string, method: string, headers: Record<string, string>) =>
      rawRequest(`${app.url}${path}`, { method, headers }).then(withoutDate);
    for (const encoding of ['br', 'gzip', 'identity']) {
      for (const method of ['GET', 'HEAD']) {
        const headers = { 'accept-encoding': encoding };
        const fast = await answer('/index.html', method, headers);
        expect(fast.status).toBe(200);
        expect(await answer('/%69ndex.html', method, headers)).toEqual(fast);
        const revalidate = { ...headers, 'if-none-match': String(fast.headers.etag) };
        const notModified = await answer('/index.html', method, revalidate);
        expect(notModified.status).toBe(304);
        expect(await answer('/%69ndex.html', method, revalidate)).toEqual(notModified);
      }
    }
  });

  it('ignores the query string when looking up a file', async () => {
    const response = await get('/?utm_source=newsletter');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(indexHtml);
  });

  it('logs one line per request with method, path, status and duration, without the query', async () => {
    await get('/robots.txt?email=someone@example.com');
    await expect
      .poll(() => app.logs.find((entry) => entry.path === '/robots.txt'))
      .toMatchObject({
        msg: 'request',
        method: 'GET',
        status: 200,
      });
    const line = app.logs.find((entry) => entry.path === '/robots.txt');
    expect(typeof line?.ms).toBe('number');
    expect(JSON.stringify(app.logs)).not.toContain('someone@example.com');
  });
});

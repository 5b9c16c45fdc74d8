import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstRequestsFor } from '../../src/studio/routing/first-requests';
import { parseRoute } from '../../src/studio/routing/studio-route';
import { BACKENDS } from './helpers/backends';
import { writeFixtureSite } from './helpers/fixture-site';
import { rawRequest } from './helpers/raw-request';
import { startTestApp, type TestApp } from './helpers/start-test-app';

const STUDIO_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Studio</title><script type="module" src="/assets/studio-1a2b3c.js"></script></head><body><div id="studio"></div>${'<!-- studio -->'.repeat(50)}</body></html>`;

function expectStudioHeaders(
  headers: Record<string, string | string[] | undefined>,
  label: string,
) {
  expect(headers['cache-control'], label).toBe('no-store');
  expect(headers['x-robots-tag'], label).toBe('noindex');
  expect(headers.etag, label).toBeUndefined();
  const csp = String(headers['content-security-policy']);
  expect(csp, label).toContain("script-src 'self'");
  expect(csp, label).not.toContain('unsafe-inline');
  const permissions = String(headers['permissions-policy']);
  expect(permissions, label).toContain('publickey-credentials-get=(self)');
  expect(permissions, label).toContain('publickey-credentials-create=(self)');
  expect(permissions, label).toContain('camera=()');
}

describe('the studio pages', () => {
  let root: string;
  let app: TestApp;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ember-studio-pages-'));
    const distDir = await writeFixtureSite(root);
    await writeFile(path.join(distDir, 'client', 'studio.html'), STUDIO_HTML);
    app = await startTestApp(BACKENDS[0]!, {}, { distDir });
  });
  afterAll(async () => {
    await app.close();
    await rm(root, { recursive: true, force: true });
  });

  it('answer /studio, /studio/welcome and /studio/site with the studio app, never cached or indexed', async () => {
    for (const page of ['/studio', '/studio/welcome', '/studio/site']) {
      const response = await rawRequest(`${app.url}${page}`);
      expect(response.status, page).toBe(200);
      expect(response.headers['content-type'], page).toMatch(/^text\/html/);
      expect(response.body.toString(), page).toBe(STUDIO_HTML);
      expectStudioHeaders(response.headers, page);
    }
  });

  it('send the compressed app to browsers that take it', async () => {
    const response = await rawRequest(`${app.url}/studio`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expectStudioHeaders(response.headers, 'br');
  });

  it('hint the API requests the first screen will make, and only those', async () => {
    const wellFormed = `__Host-studio_session=${'A'.repeat(43)}`;
    const hinted = async (address: string, cookie = wellFormed) => {
      const link = (await rawRequest(`${app.url}${address}`, { headers: { cookie } })).headers.link;
      if (link === undefined) return [];
      return String(link)
        .split(', ')
        .map((entry) => {
          expect(entry).toMatch(/; rel=preload; as=fetch$/);
          return entry.slice(1, entry.indexOf('>'));
        });
    };
    for (const address of ['/studio', '/studio?view=enquiry&id=e%2F1%3Fx', '/studio/site']) {
      const url = new URL(address, 'http://localhost');
      const route = parseRoute(url.pathname, url.search);
      const urls = await hinted(address);
      expect(urls, address).toEqual(expect.arrayContaining(['/api/studio/me']));
      expect(firstRequestsFor(route), address).toEqual(expect.arrayContaining(urls));
    }
    expect(await hinted('/studio')).toContain('/api/studio/leads');
    expect(await hinted('/studio?view=enquiry&id=e%2F1%3Fx')).toContain(
      '/api/studio/leads/e%2F1%3Fx/drafts',
    );
    expect(await hinted('/studio/welcome'), 'no one is signed in on the welcome page').toEqual([]);
    expect(await hinted('/studio', ''), 'signed out, the app asks only who is here').toEqual([]);
    expect(
      await hinted('/studio', '__Host-studio_session=a-session'),
      'a cookie no session could have is no one signed in',
    ).toEqual([]);
  });

  it('do not answer under the file name of the build', async () => {
    const response = await rawRequest(`${app.url}/studio.html`);
    expect(response.status).toBe(404);
    expect(response.body.toString()).not.toContain('id="studio"');
  });

  it('leave the landing page its own policy: no passkeys there', async () => {
    const response = await rawRequest(`${app.url}/`);
    expect(String(response.headers['permissions-policy'])).toContain(
      'publickey-credentials-get=()',
    );
  });
});

describe('the studio pages before the studio app is built', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(BACKENDS[0]!);
  });
  afterAll(() => app.close());

  it('answer 503 and say how to build it', async () => {
    const response = await rawRequest(`${app.url}/studio`);
    expect(response.status).toBe(503);
    expect(response.body.toString()).toContain('npm run build');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex');
  });
});

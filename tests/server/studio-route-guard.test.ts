import { randomUUID } from 'node:crypto';
import { createReplyThreads } from '../../server/mail/reply-threads';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createSiteMetrics } from '../../server/metrics/site-metrics';
import { createFormPageRenderer } from '../../server/forms/form-page-renderer';
import { createChallenges } from '../../server/spam/challenges';
import { loadSite } from '../../server/static/load-site';
import { PREVIEW_BANNER_PATHS, PREVIEW_PATH } from '../../server/studio/site/preview-route';
import { STUDIO_API_BASE } from '../../server/studio/studio-app';
import { STUDIO_HTML_PATH, STUDIO_PAGE_PATHS } from '../../server/studio/studio-pages';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { TEST_CHALLENGE_SECRET } from '../support/challenge-solver';
import { renderFixtureSite } from './helpers/fixture-render';
import { writeFixtureSite } from './helpers/fixture-site';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import { createSignedInStaff, studioTargetOf } from './helpers/studio-session';

/** The only routes a visitor without a session may reach (docs/studio-api.md). */
const PUBLIC_ROUTES = new Set([
  'POST /session',
  'POST /welcome',
  'POST /passkeys/authentication/options',
  'POST /passkeys/authentication',
]);

/** Pages under /studio that anyone may load: the studio app, which then asks for a sign-in. */
const PUBLIC_PAGES = new Set<string>([...STUDIO_PAGE_PATHS, STUDIO_HTML_PATH]);

type Route = { method: string; path: string };

/** Every route the site's app really registers, read from Hono's own route table, once each. */
async function readAppRoutes(app: TestApp): Promise<Route[]> {
  const root = await mkdtemp(path.join(tmpdir(), 'ember-routes-'));
  try {
    const site = await loadSite(await writeFixtureSite(root), { isHttps: app.config.isHttps });
    const hono = createApp({
      config: app.config,
      store: app.store,
      site,
      log: () => undefined,
      metrics: createSiteMetrics({
        readOutboxBacklog: () => app.store.readOutboxBacklog(),
        now: Date.now,
      }),
      challenges: createChallenges({ secret: TEST_CHALLENGE_SECRET, spent: app.store }),
      renderFormPage: createFormPageRenderer(root),
      renderSite: renderFixtureSite,
      // Only the route table is read: nothing is published through this app.
      liveSite: {
        showPublished: () => Promise.resolve(),
        servedRevision: () => null,
        problem: () => null,
      },
      deviceKey: Buffer.alloc(32),
      letterLinkKey: Buffer.alloc(32),
      letterMail: {
        nudge: () => undefined,
        sendTest: () => Promise.reject(new Error('no mail here')),
      },
      onEnquiryStored: () => undefined,
      replyThreads: createReplyThreads({ secret: TEST_CHALLENGE_SECRET, replyAddress: null }),
    });
    const seen = new Set<string>();
    return hono.routes
      .filter((route) => route.method !== 'ALL')
      .filter((route) => {
        const key = `${route.method} ${route.path}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** The studio's API routes, their paths relative to the API's base. */
const studioApiRoutes = (routes: Route[]): Route[] =>
  routes
    .filter((route) => route.path.startsWith(`${STUDIO_API_BASE}/`))
    .map((route) => ({ method: route.method, path: route.path.slice(STUDIO_API_BASE.length) }));

/** The pages under /studio that show staff-only content. */
const staffPages = (routes: Route[]): string[] =>
  routes
    .filter(
      (route) =>
        route.method === 'GET' && route.path.startsWith('/studio') && !PUBLIC_PAGES.has(route.path),
    )
    .map((route) => route.path);

function call(app: TestApp, route: Route, headers: Record<string, string>): Promise<Response> {
  const concrete = route.path.replace(/:[A-Za-z]+/g, randomUUID());
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  return fetch(`${app.url}${STUDIO_API_BASE}${concrete}`, {
    method: route.method,
    headers: hasBody ? { 'content-type': 'application/json', ...headers } : headers,
    body: hasBody ? '{}' : undefined,
  });
}

for (const backend of BACKENDS) {
  describe.skipIf(isUnavailable(backend))(`every studio route is guarded (${backend.name})`, () => {
    let app: TestApp;
    let routes: Route[];
    let pages: string[];
    let cookie: string;

    beforeAll(async () => {
      app = await startTestApp(backend);
      const appRoutes = await readAppRoutes(app);
      routes = studioApiRoutes(appRoutes);
      pages = staffPages(appRoutes);
      cookie = (await createSignedInStaff(studioTargetOf(app))).cookie;
    });
    afterAll(() => app.close());

    it('finds the routes of the contract in the table, the public ones among them', () => {
      const keys = routes.map((route) => `${route.method} ${route.path}`);
      expect(keys).toEqual(
        expect.arrayContaining([
          ...PUBLIC_ROUTES,
          'DELETE /session',
          'GET /me',
          'GET /sessions',
          'DELETE /sessions/:id',
          'POST /passkeys/registration/options',
          'POST /passkeys/registration',
          'GET /passkeys',
          'DELETE /passkeys/:id',
          'GET /site/draft',
          'PUT /site/draft',
          'POST /site/publish',
          'GET /site/revisions',
          'POST /site/revisions/:id/restore',
          'POST /media',
        ]),
      );
    });

    it('answers 401 without a session on every route but the public ones', async () => {
      const same = { origin: app.config.siteOrigin };
      for (const route of routes) {
        const label = `${route.method} ${route.path}`;
        const response = await call(app, route, same);
        if (PUBLIC_ROUTES.has(label)) {
          expect(response.status, label).not.toBe(401);
          expect(response.status, label).toBeLessThan(500);
        } else {
          expect(response.status, label).toBe(401);
          expect(await response.json(), label).toEqual({
            success: false,
            error: 'unauthenticated',
          });
        }
        expect(response.headers.get('cache-control'), label).toBe('no-store');
        expect(response.headers.get('x-robots-tag'), label).toBe('noindex');
      }
    });

    it('answers 401 to a made-up or malformed session cookie', async () => {
      for (const value of ['x'.repeat(43), 'not a token', '']) {
        for (const name of ['__Host-studio_session', 'studio_session']) {
          const response = await call(
            app,
            { method: 'GET', path: '/me' },
            {
              cookie: `${name}=${value}`,
            },
          );
          expect(response.status, `${name}=${value}`).toBe(401);
        }
      }
    });

    it('answers 403 to a cross-site request on every route, signed in or not', async () => {
      const hostile: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { origin: 'http://emberandink.example' },
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
        { origin: app.config.siteOrigin, 'sec-fetch-site': 'cross-site' },
      ];
      for (const route of routes) {
        for (const headers of hostile) {
          for (const withCookie of [false, true]) {
            const label = `${route.method} ${route.path} ${JSON.stringify(headers)} ${withCookie}`;
            const response = await call(app, route, withCookie ? { ...headers, cookie } : headers);
            expect(response.status, label).toBe(403);
            expect(await response.json(), label).toEqual({ success: false, error: 'cross_site' });
          }
        }
      }
    });

    it('finds the staff-only pages in the table', () => {
      expect(pages).toEqual([PREVIEW_PATH, ...PREVIEW_BANNER_PATHS]);
    });

    it('answers every staff-only page with a 401 page without a valid session', async () => {
      const cookies = [undefined, 'studio_session=not-a-token', `studio_session=${'x'.repeat(43)}`];
      for (const path of pages) {
        for (const sent of cookies) {
          const label = `${path} ${sent ?? 'no cookie'}`;
          const response = await fetch(`${app.url}${path}`, {
            headers: sent === undefined ? {} : { cookie: sent },
          });
          expect(response.status, label).toBe(401);
          expect(response.headers.get('content-type'), label).toBe('text/html; charset=utf-8');
          expect(response.headers.get('cache-control'), label).toBe('no-store');
          expect(response.headers.get('x-robots-tag'), label).toBe('noindex');
          expect(await response.text(), label).toContain('href="/studio"');
        }
      }
    });

    it('answers 403 to a staff-only page opened from another site, signed in or not', async () => {
      for (const path of pages) {
        for (const withCookie of [false, true]) {
          const headers: Record<string, string> = { 'sec-fetch-site': 'cross-site' };
          if (withCookie) headers.cookie = cookie;
          const response = await fetch(`${app.url}${path}`, { headers });
          expect(response.status, `${path} ${withCookie}`).toBe(403);
          expect(response.headers.get('cache-control')).toBe('no-store');
        }
      }
    });

    it('shows every staff-only page to the signed-in person', async () => {
      for (const path of pages) {
        const response = await fetch(`${app.url}${path}`, {
          headers: { cookie, 'sec-fetch-site': 'same-origin' },
        });
        expect(response.status, path).toBe(200);
        expect(response.headers.get('cache-control'), path).toBe('no-store');
      }
    });

    it('lets the signed-in person through on every route', async () => {
      for (const route of routes) {
        const label = `${route.method} ${route.path}`;
        if (PUBLIC_ROUTES.has(label) || label === 'DELETE /session') continue;
        const response = await call(app, route, { origin: app.config.siteOrigin, cookie });
        expect(response.status, label).not.toBe(401);
        expect(response.status, label).not.toBe(403);
        expect(response.status, label).toBeLessThan(500);
      }
    });
  });
}

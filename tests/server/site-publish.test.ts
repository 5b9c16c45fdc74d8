import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSiteContentSeed } from '../../src/content/site-content-seed';
import { PREVIEW_BANNER_PATHS } from '../../server/studio/site/preview-route';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { renderFixtureSite } from './helpers/fixture-render';
import { rawRequest } from './helpers/raw-request';
import { publishEdit, readDistPage, readPage, saveDraftEdit } from './helpers/site-publishing';
import {
  createKeptStorage,
  startTestApp,
  type KeptStorage,
  type TestApp,
} from './helpers/start-test-app';
import { createSignedInStaff, studioTargetOf, type StudioStaff } from './helpers/studio-session';

let marks = 0;
/** A quote no earlier page carried, so finding it proves which publish a page comes from. */
const freshQuote = (label: string) => {
  marks += 1;
  return `${label} number ${marks} at ${Date.now()}`;
};

for (const backend of BACKENDS) {
  describe.skipIf(isUnavailable(backend))(`publishing the site (${backend.name})`, () => {
    let app: TestApp;
    let staff: StudioStaff;

    beforeAll(async () => {
      app = await startTestApp(backend);
      staff = await createSignedInStaff(studioTargetOf(app));
    });
    afterAll(() => app.close());

    const readDraftRevision = async () => {
      const answer = await fetch(`${app.url}/api/studio/site/draft`, {
        headers: { cookie: staff.cookie },
      });
      return (await answer.json()) as { revision: string };
    };

    const publishQuote = (quote: string) =>
      publishEdit(studioTargetOf(app), staff.cookie, (content) => {
        content.testimonials.items[0]!.quote = quote;
      });

    it('serves the store’s published document from the first request, not the build’s page', async () => {
      const seedPage = renderFixtureSite(createSiteContentSeed(), new Date()).indexHtml;
      expect(await readPage(app.url)).toBe(seedPage);
      expect(await readPage(app.url, '/index.html')).toBe(seedPage);
      expect((await readDistPage(app.config.distDir)).indexHtml).toBe(seedPage);
    });

    it('serves a publish on the very next request, in every encoding, and writes it to dist', async () => {
      const before = await rawRequest(`${app.url}/`, { headers: { 'accept-encoding': 'br' } });
      const quote = freshQuote('Published');
      const { publishedAt } = await publishQuote(quote);

      const page = await readPage(app.url);
      expect(page).toContain(`<blockquote>${quote}</blockquote>`);
      const br = await rawRequest(`${app.url}/`, { headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.body).toString()).toBe(page);
      expect(br.headers.etag).not.toBe(before.headers.etag);
      const gzip = await rawRequest(`${app.url}/`, { headers: { 'accept-encoding': 'gzip' } });
      expect(gunzipSync(gzip.body).toString()).toBe(page);
      // The browser's cached copy of the old page is not confirmed as current.
      const revalidated = await rawRequest(`${app.url}/`, {
        headers: { 'accept-encoding': 'br', 'if-none-match': String(before.headers.etag) },
      });
      expect(revalidated.status).toBe(200);
      const sitemap = await readPage(app.url, '/sitemap.xml');
      expect(sitemap).toContain(`<lastmod>${publishedAt.slice(0, 10)}</lastmod>`);

      const dist = await readDistPage(app.config.distDir);
      expect(dist.indexHtml).toBe(page);
      expect(brotliDecompressSync(dist.indexBr).toString()).toBe(page);
      expect(gunzipSync(dist.indexGz).toString()).toBe(page);
      expect(dist.sitemapXml).toBe(sitemap);
      expect(dist.files.filter((name) => name.endsWith('.tmp'))).toEqual([]);
    });

    it('answers every GET during a publish with the whole old page or the whole new one', async () => {
      const oldPage = await readPage(app.url);
      const quote = freshQuote('Under load');
      const seen: string[] = [];
      let isPublishing = true;
      const visitor = async (encoding: string): Promise<void> => {
        while (isPublishing) {
          const answer = await rawRequest(`${app.url}/`, {
            headers: { 'accept-encoding': encoding },
          });
          expect(answer.status).toBe(200);
          const encoded = answer.headers['content-encoding'];
          seen.push(
            encoded === 'br'
              ? brotliDecompressSync(answer.body).toString()
              : encoded === 'gzip'
                ? gunzipSync(answer.body).toString()
                : answer.body.toString(),
          );
        }
      };
      const visitors = ['identity', 'br', 'gzip', 'br', 'identity', 'gzip'].map(visitor);
      try {
        await sleep(50);
        await publishQuote(quote);
        await sleep(50);
      } finally {
        isPublishing = false;
        await Promise.all(visitors);
      }

      const newPage = await readPage(app.url);
      expect(newPage).toContain(quote);
      const neither = seen.filter((body) => body !== oldPage && body !== newPage);
      expect(neither).toEqual([]);
      expect(seen).toContain(oldPage);
      expect(seen).toContain(newPage);
    });

    it('previews the draft to staff, under the page’s CSP, and never changes /', async () => {
      const pageBefore = await fetch(`${app.url}/`);
      const htmlBefore = await pageBefore.text();
      const distBefore = await readDistPage(app.config.distDir);
      const quote = freshQuote('Draft only');
      await saveDraftEdit(studioTargetOf(app), staff.cookie, (content) => {
        content.testimonials.items[0]!.quote = quote;
      });

      const preview = await fetch(`${app.url}/studio/preview`, {
        headers: { cookie: staff.cookie },
      });
      expect(preview.status).toBe(200);
      expect(preview.headers.get('cache-control')).toBe('no-store');
      expect(preview.headers.get('x-robots-tag')).toBe('noindex');
      expect(preview.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(preview.headers.get('content-security-policy')).toBe(
        pageBefore.headers.get('content-security-policy'),
      );
      expect(preview.headers.get('etag')).toBeNull();
      const html = await preview.text();
      expect(html).toContain(`<blockquote>${quote}</blockquote>`);
      const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
      expect(head).toContain('<meta name="robots" content="noindex">');
      // The banner says what this is, and Publish would send the revision that was previewed.
      const { revision } = await readDraftRevision();
      expect(html).toContain(
        `<section class="preview-banner" aria-label="Draft preview" data-revision="${revision}">`,
      );
      expect(html).toContain('Not published');
      for (const asset of PREVIEW_BANNER_PATHS) {
        const staffGets = await fetch(`${app.url}${asset}`, { headers: { cookie: staff.cookie } });
        expect(staffGets.status, asset).toBe(200);
        expect((await fetch(`${app.url}${asset}`)).status, asset).toBe(401);
      }

      expect(await readPage(app.url)).toBe(htmlBefore);
      expect(htmlBefore).not.toContain('preview-banner');
      const distAfter = await readDistPage(app.config.distDir);
      expect(distAfter.indexHtml).toBe(distBefore.indexHtml);
      expect(distAfter.indexHtml).not.toContain(quote);
    });
  });

  describe.skipIf(isUnavailable(backend))(
    `a restart serves the last publish (${backend.name})`,
    () => {
      let kept: KeptStorage | undefined;
      let app: TestApp | undefined;
      afterEach(async () => {
        await app?.close();
        await kept?.remove();
      });

      it('renders the published document at start-up over a freshly built page', async () => {
        kept = await createKeptStorage(backend);
        app = await startTestApp(backend, {}, { storage: kept.storage });
        const staff = await createSignedInStaff(studioTargetOf(app));
        const quote = freshQuote('Before the restart');
        await publishEdit(studioTargetOf(app), staff.cookie, (content) => {
          content.testimonials.items[0]!.quote = quote;
        });
        await app.close();

        // A new build folder: its index.html is the seed's page again, as after `npm run build`.
        app = await startTestApp(backend, {}, { storage: kept.storage });
        expect(await readPage(app.url)).toContain(`<blockquote>${quote}</blockquote>`);
        expect((await readDistPage(app.config.distDir)).indexHtml).toContain(quote);
      });
    },
  );
}

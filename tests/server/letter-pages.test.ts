import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { insertLetter } from './helpers/letter-rows';
import { startTestApp, type TestApp } from './helpers/start-test-app';

for (const backend of BACKENDS) {
  describe.skipIf(isUnavailable(backend))(`the letters' public pages (${backend.name})`, () => {
    let app: TestApp;
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${app.url}${path}`, { headers });

    beforeAll(async () => {
      app = await startTestApp(backend);
      await insertLetter(app.config, {
        id: 'winter',
        slug: 'winter-notes',
        subject: 'Winter notes',
        preview: 'A quiet month',
        body: 'Cold **days**.',
        state: 'sent',
        sentAt: '2026-01-10T09:00:00.000Z',
      });
      await insertLetter(app.config, {
        id: 'spring',
        slug: 'spring-notes',
        subject: 'Spring <notes> & news',
        preview: 'Three new brands',
        body: [
          '## A bakery',
          '',
          'We rebuilt [their site](/#portfolio) <script>alert(1)</script>.',
          '',
          '![The sign](https://tracker.example/pixel.gif)',
          '',
          '[→ Book a call](/book)',
        ].join('\n'),
        state: 'sent',
        sentAt: '2026-04-02T09:00:00.000Z',
      });
      await insertLetter(app.config, {
        id: 'draft',
        slug: 'summer-draft',
        subject: 'Summer, not yet',
        body: 'Unfinished.',
        state: 'draft',
      });
      await insertLetter(app.config, {
        id: 'sending',
        slug: 'autumn-sending',
        subject: 'Autumn, on its way',
        body: 'Half sent.',
        state: 'sending',
      });
    });
    afterAll(() => app.close());

    it('lists the sent letters newest first, and nothing unsent', async () => {
      const response = await get('/letters');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await response.text();
      const spring = html.indexOf('href="/letters/spring-notes"');
      const winter = html.indexOf('href="/letters/winter-notes"');
      expect(spring).toBeGreaterThan(-1);
      expect(winter).toBeGreaterThan(spring);
      expect(html).toContain('Spring &lt;notes&gt; &amp; news');
      expect(html).not.toContain('Summer, not yet');
      expect(html).not.toContain('Autumn, on its way');
      expect(html).toContain('<title>Letters | Ember &amp; Ink</title>');
    });

    it('shows a sent letter as a page under the site’s policy, its Markdown harmless', async () => {
      const response = await get('/letters/spring-notes');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-security-policy')).toBeTruthy();
      expect(response.headers.get('set-cookie')).toBeNull();
      const html = await response.text();
      expect(html).toContain('<h3 class="mt-10 font-display text-xl font-semibold">A bakery</h3>');
      expect(html).toContain(`href="${app.config.siteOrigin}/#portfolio"`);
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).not.toContain('<script>alert(1)');
      expect(html).not.toContain('tracker.example');
      expect(html).toContain('The sign');
      expect(html).toMatch(/<a class="[^"]*rounded-full[^"]*" href="[^"]+\/book">Book a call<\/a>/);
      expect(html).not.toContain('utm_');
    });

    it('answers 404 for a letter not yet sent and for an unknown slug', async () => {
      for (const path of [
        '/letters/summer-draft',
        '/letters/autumn-sending',
        '/letters/nothing',
        `/letters/${'x'.repeat(5000)}`,
      ]) {
        expect((await get(path)).status).toBe(404);
      }
    });

    it('offers an Atom feed with absolute links and escaped content', async () => {
      const response = await get('/letters/feed.xml');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
      const xml = await response.text();
      expect(
        xml.startsWith(
          '<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">',
        ),
      ).toBe(true);
      expect(xml).toContain(`<id>${app.config.siteOrigin}/letters/spring-notes</id>`);
      expect(xml).toContain('<title>Spring &lt;notes&gt; &amp; news</title>');
      expect(xml).toContain('<updated>2026-04-02T09:00:00.000Z</updated>');
      // The letter's words are text inside the entry's HTML, which is text inside the XML.
      expect(xml).toContain('&amp;lt;script&amp;gt;');
      expect(xml).not.toMatch(/<script|<h2/);
      expect(xml.indexOf('spring-notes')).toBeLessThan(xml.indexOf('winter-notes'));
      expect(xml).not.toContain('summer-draft');
    });

    it("shows a sent letter's images to anyone, a draft's to nobody, and keeps both from the purge", async () => {
      const image = (hash: string) => ({
        hash,
        width: 400,
        height: 300,
        files: [{ width: 400, format: 'jpg' as const, bytes: Buffer.from(`jpeg ${hash}`) }],
      });
      const inSent = 'e'.repeat(64);
      const inDraft = 'f'.repeat(64);
      const longAgo = new Date(Date.now() - 400 * 24 * 60 * 60 * 1000);
      for (const hash of [inSent, inDraft]) {
        await app.store.site.saveMedia(image(hash), { by: null, now: longAgo });
      }
      await insertLetter(app.config, {
        id: 'pictured',
        slug: 'pictured-notes',
        subject: 'Pictured',
        body: `![The sign](/media/${inSent}-400.jpg)`,
        state: 'sent',
        sentAt: '2026-02-01T09:00:00.000Z',
      });
      await insertLetter(app.config, {
        id: 'pictured-draft',
        slug: 'pictured-draft',
        subject: 'Pictured, not yet',
        body: `![The door](/media/${inDraft}-400.jpg)`,
        state: 'draft',
      });

      const page = await (await get('/letters/pictured-notes')).text();
      expect(page).toContain(`src="${app.config.siteOrigin}/media/${inSent}-400.jpg"`);
      expect((await get(`/media/${inSent}-400.jpg`)).status).toBe(200);
      expect((await get(`/media/${inDraft}-400.jpg`)).status).toBe(404);

      await app.store.site.deleteUnreferencedMedia(new Date());
      expect(await app.store.site.findMedia(inSent)).not.toBeNull();
      expect(await app.store.site.findMedia(inDraft)).not.toBeNull();
    });

    it('lets a reader revalidate by ETag and get 304', async () => {
      for (const path of ['/letters', '/letters/winter-notes', '/letters/feed.xml']) {
        const first = await get(path);
        const etag = first.headers.get('etag');
        expect(etag).toBeTruthy();
        expect(first.headers.get('cache-control')).toContain('public');
        const again = await get(path, { 'if-none-match': etag ?? '' });
        expect(again.status).toBe(304);
      }
    });
  });
}

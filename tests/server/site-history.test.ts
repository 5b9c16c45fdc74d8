import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { publishEdit } from './helpers/site-publishing';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import {
  createSignedInStaff,
  studioFetch,
  studioTargetOf,
  type StudioStaff,
} from './helpers/studio-session';

type Entry = {
  id: string;
  revision: string;
  publishedAt: string;
  isLive: boolean;
  restoredFrom: { id: string; publishedAt: string | null } | null;
};

for (const backend of BACKENDS) {
  describe.skipIf(isUnavailable(backend))(`the site's history (${backend.name})`, () => {
    let app: TestApp;
    let ann: StudioStaff;

    beforeAll(async () => {
      app = await startTestApp(backend);
      ann = await createSignedInStaff(studioTargetOf(app));
    });
    afterAll(() => app.close());

    const call = (path: string, init: { method?: string; ifMatch?: string } = {}) =>
      studioFetch(studioTargetOf(app), path, {
        method: init.method,
        cookie: ann.cookie,
        headers: init.ifMatch === undefined ? {} : { 'if-match': init.ifMatch },
      });
    const history = async () =>
      ((await (await call('/site/revisions')).json()) as { items: Entry[] }).items;
    const edit = (quote: string) =>
      publishEdit(studioTargetOf(app), ann.cookie, (content) => {
        content.testimonials.items[0]!.quote = quote;
      });
    const preview = (query: string, cookie = ann.cookie) =>
      fetch(`${app.url}/studio/preview${query}`, {
        headers: { cookie, origin: app.config.siteOrigin },
      });

    it('marks the live publish and records which publish a restore brought back', async () => {
      await edit('The first quote.');
      await edit('The second quote.');
      const [second, first] = await history();
      expect(second).toMatchObject({ isLive: true, restoredFrom: null });
      expect(first?.isLive).toBe(false);

      const draft = (await (await call('/site/draft')).json()) as { revision: string };
      const restored = await call(`/site/revisions/${first!.id}/restore`, {
        method: 'POST',
        ifMatch: `"${draft.revision}"`,
      });
      const restoredDraft = (await restored.json()) as { revision: string };
      const published = await call('/site/publish', {
        method: 'POST',
        ifMatch: `"${restoredDraft.revision}"`,
      });
      expect(published.status).toBe(200);
      const [newest, ...older] = await history();
      expect(newest).toMatchObject({
        isLive: true,
        restoredFrom: { id: first!.id, publishedAt: first!.publishedAt },
      });
      expect(older.every((entry) => !entry.isLive)).toBe(true);

      // An edit after a restore makes an ordinary publish again.
      await edit('Changed after the restore.');
      expect((await history())[0]?.restoredFrom).toBeNull();
    });

    it('previews an old version to staff only, never cached or indexed', async () => {
      const entries = await history();
      const old = entries.find((entry) => !entry.isLive && entry.restoredFrom === null)!;
      const response = await preview(`?revision=${old.id}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-robots-tag')).toBe('noindex');
      const html = await response.text();
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).toContain('Preview of the version published');
      expect(html).not.toContain('Changed after the restore.');

      expect((await preview(`?revision=${old.id}`, '')).status).toBe(401);
      expect((await preview(`?revision=${crypto.randomUUID()}`)).status).toBe(404);
      expect((await preview('?revision=%3Cscript%3E')).status).toBe(404);
      // Without the parameter it is still the draft.
      expect(await (await preview('')).text()).toContain('Changed after the restore.');
    });
  });
}
